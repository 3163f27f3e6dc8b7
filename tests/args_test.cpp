// The shared argument parser (interpreter/cli/args.hpp) on a spec made for
// the test: the usage line it writes from the spec, and that the parser
// holds the command line to the same spec (the number of positionals, the
// flags that must be given), so that what the usage says is what is
// refused.
#include "args.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace mancala::cli {
namespace {

// A spec with one of everything the usage line can show.
ArgSpec sample_spec() {
  ArgSpec spec;
  spec.positional("RULES", Arity::optional).positional("FILE", Arity::many);
  spec.flag(FlagSpec::option("moves", "LIST", "the moves").require_either("input"));
  spec.flag(FlagSpec::option("record", "FILE", "a record").require_either("input"));
  spec.flag(FlagSpec::option("depth", "N", "how deep").require());
  spec.flag(FlagSpec::toggle("quiet", 'q', "say less"));
  spec.flag(FlagSpec::option("format", "FORMAT", "how").one_of({"text", "json"}));
  spec.flag(FlagSpec::option("set", "KEY=VALUE", "a setting").repeated());
  spec.flag(FlagSpec::toggle("help", 'h', "help").shared_by_all());
  return spec;
}

Expected<ParsedArgs> parse(const ArgSpec& spec, std::vector<std::string> words) {
  return parse_args("demo", spec, words);
}

TEST(Args, UsageLineShowsEveryPartOfTheSpec) {
  EXPECT_EQ(usage_line("demo", sample_spec()),
            "mancala demo [RULES] FILE... (--moves LIST | --record FILE) --depth N [--quiet] "
            "[--format text|json] [--set KEY=VALUE]...");
}

TEST(Args, UsageOfACommandWithNothingToTake) {
  EXPECT_EQ(usage_line("version", ArgSpec{}), "mancala version");
  EXPECT_EQ(render_usage("version", ArgSpec{}), "usage: mancala version\n");
}

TEST(Args, UsageWrapsUnderTheFirstWord) {
  EXPECT_EQ(render_usage("demo", sample_spec(), 50),
            "usage: mancala demo [RULES] FILE...\n"
            "                    (--moves LIST | --record FILE)\n"
            "                    --depth N [--quiet]\n"
            "                    [--format text|json]\n"
            "                    [--set KEY=VALUE]...\n");
}

TEST(Args, PositionalsAreCountedFromTheSpec) {
  ArgSpec spec = sample_spec();
  EXPECT_EQ(spec.min_positionals(), 1);
  EXPECT_EQ(spec.max_positionals(), -1);
  auto none = parse(spec, {"--moves", "1", "--depth", "2"});
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error, "missing FILE; usage: " + usage_line("demo", spec));
  ArgSpec one;
  one.positional("RULES");
  auto two = parse_args("one", one, {"a", "b"});
  ASSERT_FALSE(two);
  EXPECT_EQ(two.error, "unexpected argument 'b'; usage: mancala one RULES");
}

TEST(Args, RequiredFlagsAreRefusedWhenAbsent) {
  ArgSpec spec = sample_spec();
  auto no_depth = parse(spec, {"f", "--moves", "1"});
  ASSERT_FALSE(no_depth);
  EXPECT_EQ(no_depth.error, "missing --depth N");
  auto neither = parse(spec, {"f", "--depth", "2"});
  ASSERT_FALSE(neither);
  EXPECT_EQ(neither.error, "missing --moves LIST or --record FILE");
  auto both = parse(spec, {"f", "--depth", "2", "--moves", "1", "--record", "r"});
  ASSERT_FALSE(both);
  EXPECT_EQ(both.error, "give either --moves or --record, not both");
  auto fine = parse(spec, {"r", "f", "--depth", "2", "--record", "r", "--set", "a=1"});
  ASSERT_TRUE(fine) << fine.error;
  EXPECT_EQ(fine.value->positionals(), (std::vector<std::string>{"r", "f"}));
}

TEST(Args, FlagsHelpSaysWhatIsRequired) {
  std::string help = render_flags_help(sample_spec());
  EXPECT_NE(help.find("the moves (required, unless --record is given)"), std::string::npos) << help;
  EXPECT_NE(help.find("how deep (required)"), std::string::npos) << help;
  EXPECT_NE(help.find("-h, --help"), std::string::npos) << help;
}

}  // namespace
}  // namespace mancala::cli
