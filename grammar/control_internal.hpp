// The PEGTL control of the .mnc grammar and its error messages. INTERNAL.
//
// The control does three jobs PEGTL leaves to it:
// - bookkeeping of node frames (start/success/failure), so that a rule that
//   fails drops whatever its sub-rules pushed (see build_internal.hpp);
// - the nesting counter for NestTag rules, refused by DepthCheck when it
//   passes kMaxDepth, before the recursion gets deep (a clean error instead
//   of a stack overflow);
// - raise(): every rule that appears in a must<> maps to a Message that
//   writes a sentence for people. A must<> rule without a Message does not
//   compile (static_assert in raise), so no PEGTL rule name can leak.
// Messages are "expected X, got 'token'" unless a rule knows better (an
// unknown clause keyword gets a "did you mean"). The helpers that look at
// the text are plain functions in messages.cpp.
#pragma once

#include <concepts>
#include <string>
#include <string_view>
#include <tao/pegtl.hpp>
#include <type_traits>
#include <vector>

#include "actions_internal.hpp"
#include "build_internal.hpp"
#include "grammar_rules.hpp"
#include "parse.hpp"
#include "text.hpp"

namespace mancala::grammar {

// Where a must<> failed: the offset and the token found there.
struct ErrorSite {
  const State& st;
  uint32_t offset;
  Range token;           // the token at (or after blanks following) offset
  std::string spelling;  // its text for messages, possibly shortened
  bool eof = false;
};

ErrorSite make_site(const State& st, uint32_t offset);
// "<what>, got 'token'" (or "got end of file") at the token.
SyntaxError expected(const ErrorSite& s, std::string_view what);
// Like expected(), but says so when the token is a reserved keyword used as a name.
SyntaxError expected_name(const ErrorSite& s, std::string_view what, std::string_view role);
// The token before `offset` (an operator or a word), for "after '+'".
std::string previous_token(const State& st, uint32_t offset);
SyntaxError unterminated_string(const ErrorSite& s);
SyntaxError bad_escape(const ErrorSite& s);
SyntaxError no_chained_comparison(const ErrorSite& s);
SyntaxError section_not_closed(const ErrorSite& s, std::string_view section,
                               std::string_view clauses);
SyntaxError game_not_closed(const ErrorSite& s);
SyntaxError block_not_closed(const ErrorSite& s);
SyntaxError file_not_ended(const ErrorSite& s);
// "expected a type ..., got 'itn'; did you mean 'int'?"
SyntaxError param_type(const ErrorSite& s);
// Adds to a "expected '}'" error a note at the '{' of the innermost open
// block, section or game: "the <what> opened here".
SyntaxError with_open_brace(SyntaxError e, const ErrorSite& s, std::string_view what);

// The spelling of a keyword rule, for generic messages.
template <class K>
struct Spelling;
template <char... Cs>
struct Spelling<pg::ascii::keyword<Cs...>> {
  static constexpr char kText[] = {Cs..., '\0'};
};
template <>
struct Spelling<LetEquals> {
  static constexpr char kText[] = "=";
};
template <class K>
inline std::string quoted() {
  return std::string("'") + Spelling<K>::kText + "'";
}

template <class Rule>
struct Message;  // specialised for every rule used in a must<>

template <class Rule>
concept HasMessage = requires(const ErrorSite& s) {
  { Message<Rule>::make(s) } -> std::same_as<SyntaxError>;
};

#define MNC_EXPECT(Rule, text)                                                \
  template <>                                                                 \
  struct Message<Rule> {                                                      \
    static SyntaxError make(const ErrorSite& s) { return expected(s, text); } \
  };
#define MNC_MESSAGE(Rule, call)                                  \
  template <>                                                    \
  struct Message<Rule> {                                         \
    static SyntaxError make(const ErrorSite& s) { return call; } \
  };

// Lexical.
MNC_MESSAGE(StringBody, unterminated_string(s))
MNC_MESSAGE(StringEscape, bad_escape(s))

// Generic families.
template <class Kw>
struct Message<NumberAfter<Kw>> {
  static SyntaxError make(const ErrorSite& s) {
    return expected(s, "expected a number after " + quoted<Kw>());
  }
};
template <class Kw>
struct Message<ExprAfter<Kw>> {
  static SyntaxError make(const ErrorSite& s) {
    return expected(s, "expected an expression after " + quoted<Kw>());
  }
};
template <class Kw, class W>
struct Message<WordAfter<Kw, W>> {
  static SyntaxError make(const ErrorSite& s) {
    return expected(s, "expected " + quoted<W>() + " after " + quoted<Kw>());
  }
};
template <class Kw, class... Choices>
struct Message<ChoiceAfter<Kw, Choices...>> {
  static SyntaxError make(const ErrorSite& s) {
    std::vector<std::string> words = {Spelling<Choices>::kText...};
    return expected(s, "expected " + join(words, ", ", " or ") + " after " + quoted<Kw>());
  }
};
template <class Kw, class W>
struct Message<KwAfter<Kw, W>> : Message<WordAfter<Kw, W>> {};
template <class Owner>
struct Message<BlockAfter<Owner>> {
  static SyntaxError make(const ErrorSite& s) {
    return expected(s, "expected '{' to start the body of " + quoted<Owner>());
  }
};
template <class Tag>
struct Message<SectionOpen<Tag>> {
  static SyntaxError make(const ErrorSite& s) {
    return expected(s, std::string("expected '{' after '") + Tag::kName + "'");
  }
};
template <class Tag>
struct Message<SectionClose<Tag>> {
  static SyntaxError make(const ErrorSite& s) {
    return with_open_brace(section_not_closed(s, Tag::kName, Tag::kClauses), s,
                           std::string(Tag::kName) + " section");
  }
};

// Special cases of the families, where a plainer sentence helps.
MNC_EXPECT(ExprAfter<kw::If>, "expected a condition after 'if'")
MNC_EXPECT(ExprAfter<kw::While>, "expected a condition after 'while'")
MNC_EXPECT(ExprAfter<kw::Remove>, "expected a hole after 'remove'")
MNC_EXPECT(ExprAfter<kw::From>, "expected a hole after 'from'")
MNC_EXPECT(ExprAfter<kw::Mark>, "expected a hole after 'mark'")
MNC_EXPECT(ExprAfter<kw::Unmark>, "expected a hole after 'unmark'")
MNC_EXPECT(ExprAfter<kw::For>, "expected a player after 'for'")
MNC_EXPECT(ExprAfter<kw::Leave>, "expected a number of seeds after 'leave'")
MNC_EXPECT(ExprAfter<kw::By>, "expected the winning player after 'won by'")
MNC_EXPECT(ExprAfter<kw::Lift>, "expected a hole after 'lift'")
MNC_EXPECT(ExprAfter<kw::Into>, "expected a hole after 'into'")
MNC_EXPECT(RefillHow, "expected conquest, own or none after 'refill'")
MNC_EXPECT(StoreInto, "expected a hole, or 'holes' and the holes to choose from, after 'into'")
MNC_EXPECT(ExprAfter<kw::Of>, "expected a player after 'of'")
MNC_EXPECT(RelayHow, "expected 'from' or 'into' after 'relay'")
using CaptureTo = KwAfter<kw::Capture, kw::To>;
MNC_EXPECT(CaptureTo, "expected 'to' after the captured hole")
using ChainFrom = KwAfter<kw::Chain, kw::From>;
MNC_EXPECT(ChainFrom, "expected 'from' after the direction of 'chain'")
using ChainWhile = KwAfter<kw::Chain, kw::While>;
MNC_EXPECT(ChainWhile, "expected 'while' after the start hole of 'chain'")
using StalemateMoves = WordAfter<kw::Stalemate, kw::Moves>;
MNC_EXPECT(StalemateMoves, "expected 'moves without capture' after the number of 'stalemate'")
using AfterLaps = WordAfter<kw::After, kw::Laps>;
MNC_EXPECT(AfterLaps, "expected 'laps' after the number of 'after'")

// Expressions.
MNC_EXPECT(ParenInner, "expected an expression after '('")
MNC_EXPECT(ParenClose, "expected ')' to close the parenthesis")
MNC_EXPECT(CallArg, "expected an argument after ','")
MNC_EXPECT(CallClose, "expected ')' to close the argument list")
MNC_EXPECT(NegOperand, "expected an expression after '-'")
MNC_EXPECT(NotOperand, "expected an expression after 'not'")
MNC_EXPECT(AndOperand, "expected an expression after 'and'")
MNC_EXPECT(OrOperand, "expected an expression after 'or'")
MNC_EXPECT(FromWhat, "expected own, all or store after 'from'")
MNC_MESSAGE(MulOperand,
            expected(s, "expected an expression after '" + previous_token(s.st, s.offset) + "'"))
MNC_MESSAGE(AddOperand,
            expected(s, "expected an expression after '" + previous_token(s.st, s.offset) + "'"))
MNC_MESSAGE(CmpOperand,
            expected(s, "expected an expression after '" + previous_token(s.st, s.offset) + "'"))
MNC_MESSAGE(QuantOpen, expected(s, "expected '(' after '" + previous_token(s.st, s.offset) + "'"))
MNC_MESSAGE(QuantName,
            expected_name(s, "expected the name of a hole variable after '('", "a hole variable"))
MNC_MESSAGE(AskName, expected_name(s, "expected the name of a question after 'ask'", "a question"))
MNC_EXPECT(QuantIn, "expected 'in' after the hole variable")
MNC_MESSAGE(ForName,
            expected_name(s, "expected the name of a hole variable after 'for'", "a hole variable"))
MNC_EXPECT(ForIn, "expected 'in' after the hole variable")
MNC_EXPECT(QuantSet, "expected 'holes' or 'holes of PLAYER' after 'in'")
MNC_EXPECT(QuantPlayer, "expected a player after 'of'")
MNC_EXPECT(QuantFilter, "expected a condition after 'where'")
MNC_EXPECT(QuantColon, "expected ':' after the holes (or 'of PLAYER', 'where CONDITION')")
MNC_EXPECT(QuantBody, "expected an expression after ':'")
MNC_EXPECT(QuantClose, "expected ')' to close the quantifier")
MNC_EXPECT(InOpen, "expected '[' after 'in'")
MNC_EXPECT(InItem, "expected an expression in the list of 'in'")
MNC_EXPECT(InClose, "expected ',' or ']' to close the list of 'in'")
MNC_MESSAGE(NoChain, no_chained_comparison(s))

// Statements.
MNC_MESSAGE(BlockClose, with_open_brace(block_not_closed(s), s, "block"))
MNC_EXPECT(CaptureWhat, "expected a hole or 'board' after 'capture'")
MNC_EXPECT(CaptureDest, "expected a player or 'owners' after 'to'")
MNC_MESSAGE(LetName, expected_name(s, "expected a variable name after 'let'", "a variable"))
MNC_EXPECT(LetEquals, "expected '=' after the variable name")
MNC_EXPECT(ElseBody, "expected '{' or 'if' after 'else'")
MNC_MESSAGE(UseName, expected_name(s, "expected a fragment name after 'use'", "a fragment"))
MNC_MESSAGE(MarkName, expected_name(s, "expected the name of a mark after 'as'", "a mark"))
MNC_MESSAGE(RefillMark, expected_name(s, "expected the name of a mark after 'mark'", "a mark"))
MNC_MESSAGE(MarkDecl, expected_name(s, "expected the name of a mark after 'marks'", "a mark"))
MNC_MESSAGE(CounterDecl,
            expected_name(s, "expected the name of a counter after 'counters'", "a counter"))

// Clauses.
MNC_EXPECT(LabelString, "expected a label in quotes after 'as'")
MNC_EXPECT(RelayKind, "expected none, landing or next after 'relay'")
MNC_EXPECT(SkipKind, "expected origin or when after 'skip'")
MNC_EXPECT(ForbidKind, "expected when or after following 'forbid'")
MNC_EXPECT(PreferKind, "expected when or after following 'prefer'")
MNC_EXPECT(EndlessKind, "expected illegal, draw or ends after 'endless'")
MNC_EXPECT(WinnerKind, "expected 'most store', 'most rounds' or 'survivor' after 'winner'")
MNC_MESSAGE(InfoText,
            expected(s, "expected a text in quotes after '" + previous_token(s.st, s.offset) + "'"))

// Declarations.
MNC_EXPECT(EventName, "expected an event name after 'on'")
MNC_EXPECT(HandlerName, "expected a handler name after 'as'")
MNC_EXPECT(HandlerBody, "expected '{' to start the handler body")
MNC_EXPECT(GameName, "expected the name of the game in quotes after 'game'")
MNC_EXPECT(ExtendsName, "expected the name of the base game in quotes after 'extends'")
MNC_EXPECT(GameOpen, "expected '{' to start the game")
MNC_MESSAGE(GameClose, with_open_brace(game_not_closed(s), s, "game"))
MNC_EXPECT(ParamColon, "expected ':' after the parameter name")
MNC_MESSAGE(ParamType, param_type(s))
MNC_MESSAGE(NextParam, expected_name(s, "expected a parameter after ','", "a parameter"))
MNC_MESSAGE(ParamClose,
            expected_name(s, "expected ',' or ')' to close the parameter list", "a parameter"))
MNC_MESSAGE(FragmentName,
            expected_name(s, "expected a fragment name after 'fragment'", "a fragment"))
MNC_EXPECT(FragmentBody, "expected '{' or '=' to start the fragment body")
MNC_EXPECT(FragmentValue, "expected an expression after '='")
MNC_EXPECT(ImportPath, "expected a file name in quotes after 'import'")
MNC_MESSAGE(FileEnd, file_not_ended(s))

#undef MNC_EXPECT
#undef MNC_MESSAGE

// Throws "nesting too deep" at the innermost open nesting when there are too many.
[[noreturn]] void too_deep(const State& st);

inline void leave_nest(State& st) {
  --st.depth;
  st.nest_starts.pop_back();
}

template <class Rule>
struct Control : pg::normal<Rule> {
  static constexpr bool kNode = std::is_base_of_v<NodeTag, Rule>;
  static constexpr bool kNest = std::is_base_of_v<NestTag, Rule>;
  static constexpr bool kBrace = std::is_base_of_v<BraceTag, Rule>;
  static_assert(!kNode || std::is_base_of_v<NodeAction, Action<Rule>>,
                "every NodeTag rule needs a node action (actions_internal.hpp)");

  template <class In>
  static void start(const In& in, State& st) {
    if constexpr (kNest) {
      ++st.depth;
      st.nest_starts.push_back(static_cast<uint32_t>(in.current() - st.text.data()));
    }
    if constexpr (kBrace) {
      st.brace_starts.push_back(static_cast<uint32_t>(in.current() - st.text.data()));
    }
    if constexpr (std::is_same_v<Rule, DepthCheck>) {
      if (st.depth > kMaxDepth) too_deep(st);
    }
    if constexpr (kNode) st.frames.push_back(st.stack.size());
  }
  template <class In>
  static void success(const In&, State& st) {
    if constexpr (kNode) st.frames.pop_back();
    if constexpr (kNest) leave_nest(st);
    if constexpr (kBrace) st.brace_starts.pop_back();
  }
  template <class In>
  static void failure(const In&, State& st) {
    if constexpr (kNode) {
      st.stack.erase(st.stack.begin() + static_cast<ptrdiff_t>(st.frames.back()), st.stack.end());
      st.frames.pop_back();
    }
    if constexpr (kNest) leave_nest(st);
    if constexpr (kBrace) st.brace_starts.pop_back();
  }
  template <class In>
  [[noreturn]] static void raise(const In& in, State& st) {
    static_assert(HasMessage<Rule>,
                  "every rule used in Must<> needs a Message (control_internal.hpp)");
    throw Message<Rule>::make(make_site(st, static_cast<uint32_t>(in.current() - st.text.data())));
  }
};

}  // namespace mancala::grammar
