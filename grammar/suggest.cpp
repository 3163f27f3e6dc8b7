// suggest(): "did you mean" by edit distance (declared in diagnostics.hpp).
//
// Plain Levenshtein distance over bytes: the words compared are keywords,
// clause words and names, all ASCII. The threshold max(1, len/3) accepts one
// typo in a short word and about one per three letters in a long one, which
// is where a suggestion stops being obviously right. Ties go to the earlier
// candidate, so callers order candidates by how common they are.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "diagnostics.hpp"

namespace mancala {
namespace {

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t substitute = diagonal + (a[i - 1] == b[j - 1] ? 0 : 1);
      diagonal = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitute});
    }
  }
  return row[b.size()];
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

}  // namespace mancala
