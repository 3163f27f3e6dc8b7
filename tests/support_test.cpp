// Tests of the support library's shared writers: JsonWriter and
// json_string (json.hpp), and join (text.hpp). Every JSON output and every
// list in words goes through them, so these pin the punctuation (commas,
// colons, the Lines layout of diagnostics), escaping and number formats that
// the command and golden tests then rely on.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "json.hpp"
#include "text.hpp"

namespace mancala {
namespace {

using Layout = JsonWriter::Layout;

TEST(JsonWriter, EmptyContainers) {
  EXPECT_EQ(JsonWriter().begin_object().end_object().str(), "{}");
  EXPECT_EQ(JsonWriter().begin_array().end_array().str(), "[]");
  EXPECT_EQ(JsonWriter(Layout::Lines).begin_array().end_array().str(), "[]");
}

TEST(JsonWriter, CommasBetweenItemsOnly) {
  JsonWriter w;
  w.begin_object().key("a").value(1).key("b").value("x").key("c").value(true).end_object();
  EXPECT_EQ(w.str(), R"({"a":1,"b":"x","c":true})");
  JsonWriter a;
  a.begin_array().value(1).end_array();
  EXPECT_EQ(a.str(), "[1]");
  JsonWriter b;
  b.begin_array().value(1).value(2).null().value(false).end_array();
  EXPECT_EQ(b.str(), "[1,2,null,false]");
}

TEST(JsonWriter, Nesting) {
  JsonWriter w;
  w.begin_object();
  w.key("board").begin_object();
  w.key("south").begin_array().value(4).value(0).end_array();
  w.key("north").begin_array().end_array();
  w.end_object();
  w.key("rows").begin_array();
  w.begin_array().value(1).end_array().begin_object().end_object().begin_array().end_array();
  w.end_array();
  w.key("after").null();
  w.end_object();
  EXPECT_EQ(w.str(), R"({"board":{"south":[4,0],"north":[]},"rows":[[1],{},[]],"after":null})");
}

TEST(JsonWriter, StringsAndKeysAreEscapedByJsonString) {
  const std::string nasty = "q\"b\\s\n\t\x01\x7f \xff \xc3\xa9";
  JsonWriter w;
  w.begin_object().key(nasty).value(nasty).end_object();
  EXPECT_EQ(w.str(), "{" + json_string(nasty) + ":" + json_string(nasty) + "}");
  EXPECT_EQ(json_string(nasty), "\"q\\\"b\\\\s\\n\\t\\u0001\\u007f \\ufffd \xc3\xa9\"");
  // Every string type reaches value(string_view), not value(bool).
  JsonWriter s;
  const char* c = "c";
  s.begin_array().value("lit").value(c).value(std::string("str")).value(std::string_view("sv"));
  s.end_array();
  EXPECT_EQ(s.str(), R"(["lit","c","str","sv"])");
}

TEST(JsonWriter, Integers) {
  JsonWriter w;
  w.begin_array();
  w.value(0).value(-7).value(uint8_t{200}).value(uint16_t{65535});
  w.value(std::numeric_limits<int64_t>::min()).value(std::numeric_limits<uint64_t>::max());
  w.value(size_t{3});
  w.end_array();
  EXPECT_EQ(w.str(), "[0,-7,200,65535,-9223372036854775808,18446744073709551615,3]");
}

TEST(JsonWriter, DoublesWithTheCallersDecimals) {
  JsonWriter w;
  w.begin_array();
  w.value(0.5, 4).value(2.0 / 3.0, 3).value(41.25, 1).value(-0.004, 2).value(1234.5, 0);
  w.value(1e6 / 7, 1);
  w.end_array();
  EXPECT_EQ(w.str(), "[0.5000,0.667,41.2,-0.00,1234,142857.1]");
}

TEST(JsonWriter, RawIsOneValue) {
  JsonWriter w;
  w.begin_object().key("a").raw("[1,2]").key("b").raw("-3").end_object();
  EXPECT_EQ(w.str(), R"({"a":[1,2],"b":-3})");
  JsonWriter top;
  top.raw("{}");
  EXPECT_EQ(top.str(), "{}");
}

TEST(JsonWriter, TopLevelScalar) {
  EXPECT_EQ(JsonWriter().value("x").str(), R"("x")");
  EXPECT_EQ(JsonWriter().null().str(), "null");
}

// The layout of render_json: each element of the outermost container on a
// line of its own, everything inside it spaced on that line.
TEST(JsonWriter, LinesLayout) {
  JsonWriter w(Layout::Lines);
  w.begin_array();
  w.begin_object().key("a").value(1).key("n").begin_array().value(1).value(2).end_array();
  w.end_object();
  w.begin_object().key("b").begin_array().begin_object().end_object().end_array().end_object();
  w.end_array();
  EXPECT_EQ(w.str(), "[\n  {\"a\": 1, \"n\": [1, 2]},\n  {\"b\": [{}]}\n]");
  JsonWriter one(Layout::Lines);
  one.begin_array().value("x").end_array();
  EXPECT_EQ(one.str(), "[\n  \"x\"\n]");
  JsonWriter object(Layout::Lines);
  object.begin_object().key("a").value(1).key("b").value(2).end_object();
  EXPECT_EQ(object.str(), "{\n  \"a\": 1,\n  \"b\": 2\n}");
}

TEST(Join, Separators) {
  EXPECT_EQ(join({}, ", "), "");
  EXPECT_EQ(join({"a"}, ", "), "a");
  EXPECT_EQ(join({"a", "b"}, ", "), "a, b");
  EXPECT_EQ(join({"a", "b", "c"}, "|"), "a|b|c");
  EXPECT_EQ(join({"", "b", ""}, ","), ",b,");
}

TEST(Join, LastSeparator) {
  EXPECT_EQ(join({}, ", ", " or "), "");
  EXPECT_EQ(join({"a"}, ", ", " or "), "a");
  EXPECT_EQ(join({"a", "b"}, ", ", " or "), "a or b");
  EXPECT_EQ(join({"a", "b", "c"}, ", ", " and "), "a, b and c");
  EXPECT_EQ(join({"a", "b", "c", "d"}, ", ", " and "), "a, b, c and d");
}

}  // namespace
}  // namespace mancala

TEST(Text, WithThousandsGroupsDigits) {
  EXPECT_EQ(mancala::with_thousands(0), "0");
  EXPECT_EQ(mancala::with_thousands(999), "999");
  EXPECT_EQ(mancala::with_thousands(1000), "1,000");
  EXPECT_EQ(mancala::with_thousands(10000), "10,000");
  EXPECT_EQ(mancala::with_thousands(1234567), "1,234,567");
  EXPECT_EQ(mancala::with_thousands(-12345), "-12,345");
}
