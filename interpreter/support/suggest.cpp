// suggest() and did_you_mean(): "did you mean" by edit distance.
//
// Edit distance over bytes with the swap of two neighbouring letters as one
// edit (optimal string alignment), since `heer` for `here` is the commonest
// typo and plain Levenshtein counts it as two. The words compared are
// keywords, clause words and names, all ASCII. The threshold max(1, len/3)
// accepts one typo in a short word and about one per three letters in a
// long one, which is where a suggestion stops being obviously right. Ties
// go to the earlier candidate, so callers order candidates by how common
// they are.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "text.hpp"

namespace mancala {
namespace {

size_t edit_distance(std::string_view a, std::string_view b) {
  // d[i][j]: distance between a's first i and b's first j bytes; three rows.
  std::vector<size_t> before(b.size() + 1), previous(b.size() + 1), row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t substitute = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      row[j] = std::min({previous[j] + 1, row[j - 1] + 1, substitute});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        row[j] = std::min(row[j], before[j - 2] + 1);  // swapped neighbours
      }
    }
    std::swap(before, previous);
    std::swap(previous, row);
  }
  return previous[b.size()];
}

}  // namespace

std::string suggest(std::string_view name, const std::vector<std::string>& candidates) {
  size_t limit = std::max<size_t>(1, name.size() / 3);
  const std::string* best = nullptr;
  size_t best_distance = limit + 1;
  for (const std::string& candidate : candidates) {
    size_t d = edit_distance(name, candidate);
    if (d < best_distance) {
      best = &candidate;
      best_distance = d;
    }
  }
  return best ? *best : std::string();
}

std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates) {
  std::string s = suggest(name, candidates);
  return s.empty() ? "" : "; did you mean '" + s + "'?";
}

}  // namespace mancala
