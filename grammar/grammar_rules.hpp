// The PEGTL grammar of .mnc files (docs/language.md). INTERNAL to grammar/:
// only grammar/*.cpp and tests/grammar_test.cpp (for pegtl::analyze) include it.
//
// The grammar is a namespace of small structs and nothing else: no actions,
// no messages. Three conventions make the rest of the parser work:
// - Tokens never consume the whitespace around them; sequences put `Ws`
//   (or `Sep`, which also accepts `;`) between tokens. So the text a rule
//   matched is exactly its source range, and an error raised by a `must<>`
//   points at the offending token, not at the blanks before it.
// - A rule deriving from NodeTag builds one AST value from the values its
//   sub-rules pushed (see build_internal.hpp); the control discards those
//   values when the rule fails, so backtracking never leaves debris.
// - A rule deriving from NestTag is one level of nesting (block, parenthesis,
//   call, list, unary operator, else-if); the control counts them against
//   kMaxDepth, which bounds the recursion of the parser itself.
// - Must<R> replaces pg::must<R> (same meaning, better error position).
// Every rule used in a `Must<>` has a written message (messages_internal.hpp),
// checked at compile time; the generic families (NumberAfter, ExprAfter,
// WordAfter, ChoiceAfter, SectionOpen/Close) derive their messages from their
// keyword parameters.
#pragma once

#include <tao/pegtl.hpp>

namespace mancala::grammar {

namespace pg = tao::pegtl;

struct NodeTag {};
struct NestTag {};
// A rule whose body is in braces (a block, a section): while it is open,
// where it started is kept so that a missing '}' can say where the braces
// opened. parse.cpp keeps the game's start the same way.
struct BraceTag {};

// One level of nesting around R. The level is counted when R is tried, but
// refused only by the DepthCheck that R places right after its opening token
// (`(`, `{`, `-`, ...), so merely trying a nested rule never fails the parse.
template <class R>
struct Nest : pg::seq<R>, NestTag {};
struct DepthCheck : pg::success {};

// must<R>, but R is rewound on failure, so the error points at the start of
// what was expected rather than wherever R gave up.
template <class R>
struct Must : pg::sor<R, pg::raise<R>> {};

// A fixed word that is kept in the AST (clause keywords and words).
template <class Kw>
struct Word : Kw {};

#define MNC_KW(x) TAO_PEGTL_KEYWORD(x)

// ---------------------------------------------------------------- lexical
struct Comment : pg::seq<pg::one<'#'>, pg::star<pg::not_one<'\n'>>> {};
struct Blank : pg::one<' ', '\t', '\r', '\n'> {};
struct Ws : pg::star<pg::sor<Blank, Comment>> {};
struct Sep : pg::star<pg::sor<Blank, Comment, pg::one<';'>>> {};

// Any reserved word (keywords.def); pg::failure closes the list.
struct Reserved : pg::sor<
#define MANCALA_KEYWORD(w) MNC_KW(w),
#include "keywords.def"
#undef MANCALA_KEYWORD
                      pg::failure> {
};

// An identifier that is not a reserved keyword.
struct Name : pg::seq<pg::not_at<Reserved>, pg::ascii::identifier> {};

struct Digits : pg::seq<pg::plus<pg::ascii::digit>, pg::not_at<pg::ascii::identifier_other>> {};

struct StringEscape : pg::one<'"', '\\'> {};
struct StringChar
    : pg::sor<pg::seq<pg::one<'\\'>, Must<StringEscape>>, pg::not_one<'"', '\\', '\n', '\r'>> {};
struct StringBody : pg::until<pg::one<'"'>, StringChar> {};
struct StringLit : pg::seq<pg::one<'"'>, Must<StringBody>> {};

// ------------------------------------------------------------- expressions
struct Expr;
struct IntLit : Digits {};
struct TrueLit : MNC_KW("true") {};
struct FalseLit : MNC_KW("false") {};
struct NoMoves : pg::seq<MNC_KW("no"), Ws, MNC_KW("moves")> {};

struct ParenInner : pg::seq<Expr> {};
struct ParenClose : pg::one<')'> {};
struct Paren : pg::seq<pg::one<'('>, DepthCheck, Ws, Must<ParenInner>, Ws, Must<ParenClose>>,
               NodeTag {};

struct CallOpen : pg::one<'('> {};
struct CallArg : pg::seq<Expr> {};
struct CallClose : pg::one<')'> {};
struct CallArgs
    : pg::seq<CallOpen, DepthCheck, Ws,
              pg::opt<Expr, pg::star<Ws, pg::one<','>, Ws, Must<CallArg>>>, Ws, Must<CallClose>> {};
struct ExprName : Name {};
struct NameOrCall : pg::seq<ExprName, pg::opt<Ws, Nest<CallArgs>>>, NodeTag {};

// all(h in holes: E), any(h in holes of P where F: E), tally(...), sum(...):
// the name is bound to each hole of the set (those where F holds) in turn. The keywords are
// reserved, so after one nothing but its parenthesis can follow.
struct QuantWord : pg::sor<Word<MNC_KW("all")>, Word<MNC_KW("any")>, Word<MNC_KW("tally")>,
                           Word<MNC_KW("sum")>> {};
struct QuantOpen : pg::one<'('> {};
struct QuantName : Name {};
struct QuantIn : MNC_KW("in") {};
struct QuantOf : MNC_KW("of") {};
struct QuantPlayer : pg::seq<Expr> {};
struct QuantWhere : MNC_KW("where") {};
struct QuantFilter : pg::seq<Expr> {};
struct QuantSet : pg::seq<MNC_KW("holes"), pg::opt<Ws, QuantOf, Ws, Must<QuantPlayer>>,
                          pg::opt<Ws, QuantWhere, Ws, Must<QuantFilter>>> {};
struct QuantColon : pg::one<':'> {};
struct QuantBody : pg::seq<Expr> {};
struct QuantClose : pg::one<')'> {};
struct Quantifier
    : pg::seq<QuantWord, Ws, Must<QuantOpen>, DepthCheck, Ws, Must<QuantName>, Ws, Must<QuantIn>,
              Ws, Must<QuantSet>, Ws, Must<QuantColon>, Ws, Must<QuantBody>, Ws, Must<QuantClose>>,
      NodeTag {};

// ask NAME: the mover's answer to the question NAME (a label, declared by its use).
struct AskName : Name {};
struct Ask : pg::seq<MNC_KW("ask"), Ws, Must<AskName>>, NodeTag {};

struct Primary
    : pg::sor<IntLit, TrueLit, FalseLit, NoMoves, Ask, Nest<Paren>, Nest<Quantifier>, NameOrCall> {
};

struct NegExpr;
struct NegOp : pg::one<'-'> {};
struct NegOperand : pg::seq<NegExpr> {};
struct Negation : pg::seq<NegOp, DepthCheck, Ws, Must<NegOperand>>, NodeTag {};
struct NegExpr : pg::sor<Nest<Negation>, Primary> {};

struct MulOp : pg::one<'*', '/', '%'> {};
struct MulOperand : pg::seq<NegExpr> {};
struct MulExpr : pg::seq<NegExpr, pg::star<Ws, MulOp, Ws, Must<MulOperand>>>, NodeTag {};

struct AddOp : pg::one<'+', '-'> {};
struct AddOperand : pg::seq<MulExpr> {};
struct AddExpr : pg::seq<MulExpr, pg::star<Ws, AddOp, Ws, Must<AddOperand>>>, NodeTag {};

struct CmpOp : pg::sor<pg::string<'=', '='>, pg::string<'!', '='>, pg::string<'<', '='>,
                       pg::string<'>', '='>, pg::one<'<'>, pg::one<'>'>> {};
struct CmpOperand : pg::seq<AddExpr> {};
struct CmpTail : pg::seq<CmpOp, Ws, Must<CmpOperand>> {};
struct InKw : MNC_KW("in") {};
struct InOpen : pg::one<'['> {};
struct InItem : pg::seq<Expr> {};
struct InClose : pg::one<']'> {};
struct InTail : pg::seq<InKw, DepthCheck, Ws, Must<InOpen>, Ws, Must<InItem>,
                        pg::star<Ws, pg::one<','>, Ws, Must<InItem>>, Ws, Must<InClose>> {};
struct NoChain : pg::not_at<Ws, pg::sor<CmpOp, InKw>> {};
struct CmpExpr : pg::seq<AddExpr, pg::opt<Ws, pg::sor<CmpTail, Nest<InTail>>, Must<NoChain>>>,
                 NodeTag {};

struct NotExpr;
struct NotOp : MNC_KW("not") {};
struct NotOperand : pg::seq<NotExpr> {};
struct Negated : pg::seq<NotOp, DepthCheck, Ws, Must<NotOperand>>, NodeTag {};
struct NotExpr : pg::sor<Nest<Negated>, CmpExpr> {};

struct AndOp : MNC_KW("and") {};
struct AndOperand : pg::seq<NotExpr> {};
struct AndExpr : pg::seq<NotExpr, pg::star<Ws, AndOp, Ws, Must<AndOperand>>>, NodeTag {};

struct OrOp : MNC_KW("or") {};
struct OrOperand : pg::seq<AndExpr> {};
struct OrExpr : pg::seq<AndExpr, pg::star<Ws, OrOp, Ws, Must<OrOperand>>>, NodeTag {};

struct Expr : pg::seq<OrExpr> {};

// An expression required after keyword Kw (`when E`, `score E`, ...).
template <class Kw>
struct ExprAfter : pg::seq<Expr> {};
// A number required after keyword Kw (`holes 12`).
template <class Kw>
struct NumberAfter : Digits {};
// The fixed word W required after keyword Kw (`own` after `from`).
template <class Kw, class W>
struct WordAfter : pg::seq<Word<W>> {};
// The same, for a word that is not kept in the AST (statement keywords).
template <class Kw, class W>
struct KwAfter : pg::seq<W> {};
// One of the words Ws... required after keyword Kw (`ccw` or `cw` after `direction`).
template <class Kw, class... Choices>
struct ChoiceAfter : pg::sor<Word<Choices>...> {};

// ---------------------------------------------------------------- keywords
namespace kw {
using As = MNC_KW("as");
using Backward = MNC_KW("backward");
using Board = MNC_KW("board");
using Cancel = MNC_KW("cancel");
using Capture = MNC_KW("capture");
using Chain = MNC_KW("chain");
using Draw = MNC_KW("draw");
using Else = MNC_KW("else");
using End = MNC_KW("end");
using Extends = MNC_KW("extends");
using ExtraTurn = MNC_KW("extra_turn");
using For = MNC_KW("for");
using Forward = MNC_KW("forward");
using Fragment = MNC_KW("fragment");
using Sum = MNC_KW("sum");
using Tally = MNC_KW("tally");
using From = MNC_KW("from");
using Game = MNC_KW("game");
using If = MNC_KW("if");
using Import = MNC_KW("import");
using Leave = MNC_KW("leave");
using Lift = MNC_KW("lift");
using Into = MNC_KW("into");
using Let = MNC_KW("let");
using Mark = MNC_KW("mark");
using Unmark = MNC_KW("unmark");
using Match = MNC_KW("match");
using Moves = MNC_KW("moves");
using On = MNC_KW("on");
using Owners = MNC_KW("owners");
using Relay = MNC_KW("relay");
using Remove = MNC_KW("remove");
using Stop = MNC_KW("stop");
using To = MNC_KW("to");
using Use = MNC_KW("use");
using When = MNC_KW("when");
using While = MNC_KW("while");
// Words that are special only inside clauses.
using Info = MNC_KW("info");
using Setup = MNC_KW("setup");
using Sowing = MNC_KW("sowing");
using Evaluation = MNC_KW("evaluation");
using Rows = MNC_KW("rows");
using Row = MNC_KW("row");
using Holes = MNC_KW("holes");
using Marks = MNC_KW("marks");
using Counters = MNC_KW("counters");
using Stores = MNC_KW("stores");
using None = MNC_KW("none");
using Captures = MNC_KW("captures");
using Sown = MNC_KW("sown");
using Seeds = MNC_KW("seeds");
using Own = MNC_KW("own");
using All = MNC_KW("all");
using Of = MNC_KW("of");
using Where = MNC_KW("where");
using First = MNC_KW("first");
using Move = MNC_KW("move");
using Rightmost = MNC_KW("rightmost");
using Leftmost = MNC_KW("leftmost");
using Must = MNC_KW("must");
using Feed = MNC_KW("feed");
using Any = MNC_KW("any");
using Forbid = MNC_KW("forbid");
using Prefer = MNC_KW("prefer");
using Pass = MNC_KW("pass");
using No = MNC_KW("no");
using Direction = MNC_KW("direction");
using Ccw = MNC_KW("ccw");
using Either = MNC_KW("either");
using Cw = MNC_KW("cw");
using Landing = MNC_KW("landing");
using Next = MNC_KW("next");
using Skip = MNC_KW("skip");
using Origin = MNC_KW("origin");
using Endless = MNC_KW("endless");
using After = MNC_KW("after");
using Laps = MNC_KW("laps");
using Illegal = MNC_KW("illegal");
using Ends = MNC_KW("ends");
using Stalemate = MNC_KW("stalemate");
using Without = MNC_KW("without");
using Repetition = MNC_KW("repetition");
using Winner = MNC_KW("winner");
using Most = MNC_KW("most");
using Store = MNC_KW("store");
using Scatter = MNC_KW("scatter");
using Min = MNC_KW("min");
using Mirrored = MNC_KW("mirrored");
using Survivor = MNC_KW("survivor");
using Refill = MNC_KW("refill");
using Conquest = MNC_KW("conquest");
using Start = MNC_KW("start");
using Remainder = MNC_KW("remainder");
using Won = MNC_KW("won");
using By = MNC_KW("by");
using Lost = MNC_KW("lost");
using Starter = MNC_KW("starter");
using Loser = MNC_KW("loser");
using Alternate = MNC_KW("alternate");
using LastMover = MNC_KW("last_mover");
using Second = MNC_KW("second");
using Max = MNC_KW("max");
using Rounds = MNC_KW("rounds");
using Score = MNC_KW("score");
using Int = MNC_KW("int");
using Bool = MNC_KW("bool");
using Hole = MNC_KW("hole");
using Player = MNC_KW("player");
}  // namespace kw

// -------------------------------------------------------------- statements
struct Block;
struct BlockClose : pg::one<'}'> {};
// A block in a place that requires one; Owner names the place for messages.
template <class Owner>
struct BlockAfter : Nest<Block> {};

// `capture N from H to P`, `remove N from H`: N seeds of H, not all.
struct SeedsFrom : pg::seq<Ws, kw::From, Ws, Must<ExprAfter<kw::From>>> {};
struct CaptureWhat : pg::sor<Word<kw::Board>, pg::seq<Expr, pg::opt<SeedsFrom>>> {};
struct CaptureDest : pg::sor<Word<kw::Owners>, Expr> {};
struct CaptureStmt : pg::seq<kw::Capture, Ws, Must<CaptureWhat>, Ws,
                             Must<KwAfter<kw::Capture, kw::To>>, Ws, Must<CaptureDest>>,
                     NodeTag {};
struct RemoveStmt : pg::seq<kw::Remove, Ws, Must<ExprAfter<kw::Remove>>, pg::opt<SeedsFrom>>,
                    NodeTag {};
struct ExtraTurnStmt : kw::ExtraTurn, NodeTag {};
struct StopStmt : kw::Stop, NodeTag {};
struct CancelStmt : kw::Cancel, NodeTag {};
struct DrawStmt : kw::Draw, NodeTag {};
// `relay from H` lifts H for the next lap; `relay into H` sows the seeds in
// hand from H itself; either may end with the direction of the laps from
// there on (`relay into H cw`).
struct RelayHow : pg::sor<pg::seq<kw::From, Ws, Must<ExprAfter<kw::From>>>,
                          pg::seq<Word<kw::Into>, Ws, Must<ExprAfter<kw::Into>>>> {};
struct RelayWay : pg::opt<Ws, pg::sor<Word<kw::Ccw>, Word<kw::Cw>>> {};
struct RelayStmt : pg::seq<kw::Relay, Ws, Must<RelayHow>, RelayWay>, NodeTag {};
struct LiftStmt : pg::seq<kw::Lift, Ws, Must<ExprAfter<kw::Lift>>, pg::opt<SeedsFrom>>, NodeTag {};
struct LeaveStmt : pg::seq<kw::Leave, Ws, Must<ExprAfter<kw::Leave>>>, NodeTag {};
struct LetName : Name {};
struct LetEquals : pg::seq<pg::one<'='>, pg::not_at<pg::one<'='>>> {};
struct LetStmt
    : pg::seq<kw::Let, Ws, Must<LetName>, Ws, Must<LetEquals>, Ws, Must<ExprAfter<LetEquals>>>,
      NodeTag {};
struct AssignName : Name {};
struct AssignStmt : pg::seq<AssignName, Ws, pg::one<'='>, pg::not_at<pg::one<'='>>, Ws,
                            Must<ExprAfter<LetEquals>>>,
                    NodeTag {};
struct IfStmt;
struct ElseBody : pg::sor<Nest<IfStmt>, Nest<Block>> {};
struct IfStmt : pg::seq<kw::If, DepthCheck, Ws, Must<ExprAfter<kw::If>>, Ws,
                        Must<BlockAfter<kw::If>>, pg::opt<Ws, kw::Else, Ws, Must<ElseBody>>>,
                NodeTag {};
struct WhileStmt
    : pg::seq<kw::While, Ws, Must<ExprAfter<kw::While>>, Ws, Must<BlockAfter<kw::While>>>,
      NodeTag {};
struct ChainStmt : pg::seq<kw::Chain, Ws, Must<ChoiceAfter<kw::Chain, kw::Forward, kw::Backward>>,
                           Ws, Must<KwAfter<kw::Chain, kw::From>>, Ws, Must<ExprAfter<kw::From>>,
                           Ws, Must<KwAfter<kw::Chain, kw::While>>, Ws, Must<ExprAfter<kw::While>>,
                           Ws, Must<BlockAfter<kw::Chain>>>,
                   NodeTag {};
// `mark H as NAME [for P]` / `unmark H as NAME`: lasting marks on holes.
struct MarkName : Name {};
struct MarkOwner : pg::seq<kw::For, Ws, Must<ExprAfter<kw::For>>> {};
struct MarkStmt
    : pg::seq<kw::Mark, Ws, Must<ExprAfter<kw::Mark>>, Ws, Must<KwAfter<kw::Mark, kw::As>>, Ws,
              Must<MarkName>, pg::opt<Ws, MarkOwner>>,
      NodeTag {};
struct UnmarkStmt : pg::seq<kw::Unmark, Ws, Must<ExprAfter<kw::Unmark>>, Ws,
                            Must<KwAfter<kw::Unmark, kw::As>>, Ws, Must<MarkName>>,
                    NodeTag {};
struct UseName : Name {};
struct UseStmt : pg::seq<kw::Use, Ws, Must<UseName>, pg::opt<Ws, Nest<CallArgs>>>, NodeTag {};

// `for h in holes [of P] [where F] { ... }`: the body once for each hole of
// the set, as a quantifier goes over them.
struct ForName : Name {};
struct ForIn : MNC_KW("in") {};
struct ForStmt : pg::seq<kw::For, Ws, Must<ForName>, Ws, Must<ForIn>, Ws, Must<QuantSet>, Ws,
                         Must<BlockAfter<kw::For>>>,
                 NodeTag {};
struct Statement : pg::sor<CaptureStmt, RemoveStmt, ExtraTurnStmt, StopStmt, CancelStmt, DrawStmt,
                           RelayStmt, LiftStmt, LeaveStmt, MarkStmt, UnmarkStmt, LetStmt, IfStmt,
                           WhileStmt, ChainStmt, ForStmt, UseStmt, AssignStmt> {};
struct Block : pg::seq<pg::one<'{'>, DepthCheck, Sep, pg::star<Statement, Sep>, Must<BlockClose>>,
               NodeTag,
               BraceTag {};

// ----------------------------------------------------------------- clauses
struct LabelString : StringLit {};
struct AsLabel : pg::seq<kw::As, Ws, Must<LabelString>> {};
struct DrawFlag : kw::Draw {};
struct ClauseBody : Nest<Block> {};
// The result of a clause: `draw`, or in a one-player game `won` / `lost`.
// `won by P` names the winner of a two-player game's ending.
struct WonBy : pg::seq<Word<kw::By>, Ws, Must<ExprAfter<kw::By>>> {};
struct ResultFlag : pg::sor<DrawFlag, pg::seq<Word<kw::Won>, pg::opt<Ws, WonBy>>, Word<kw::Lost>> {
};
struct EndTail : pg::seq<pg::opt<Ws, AsLabel>, pg::opt<Ws, ResultFlag>, pg::opt<Ws, ClauseBody>> {};
struct OptWhen : pg::opt<Ws, Word<kw::When>, Ws, Must<ExprAfter<kw::When>>> {};

// board
struct RowsClause : pg::seq<Word<kw::Rows>, Ws, Must<NumberAfter<kw::Rows>>>, NodeTag {};
struct HolesClause : pg::seq<Word<kw::Holes>, Ws, Must<NumberAfter<kw::Holes>>>, NodeTag {};
struct StoresClause : pg::seq<Word<kw::Stores>, Ws,
                              Must<ChoiceAfter<kw::Stores, kw::None, kw::Captures, kw::Sown>>>,
                      NodeTag {};
// `marks NAME, NAME`: the kinds of lasting mark the game's holes can carry.
struct MarkDecl : Name {};
struct MarksClause
    : pg::seq<Word<kw::Marks>, Ws, Must<MarkDecl>, pg::star<Ws, pg::one<','>, Ws, Must<MarkDecl>>>,
      NodeTag {};
// `counters NAME, NAME`: the game's variables (ints that last the whole game).
struct CounterDecl : Name {};
struct CountersClause : pg::seq<Word<kw::Counters>, Ws, Must<CounterDecl>,
                                pg::star<Ws, pg::one<','>, Ws, Must<CounterDecl>>>,
                        NodeTag {};
struct BoardClause : pg::sor<RowsClause, HolesClause, StoresClause, MarksClause, CountersClause> {};
// setup
struct SeedsClause : pg::seq<Word<kw::Seeds>, Ws, Must<NumberAfter<kw::Seeds>>>, NodeTag {};
// `row N N ...`: each player's row at the start, from the player's left.
struct RowClause : pg::seq<Word<kw::Row>, Ws, Must<NumberAfter<kw::Row>>,
                           pg::star<pg::seq<Ws, NumberAfter<kw::Row>>>>,
                   NodeTag {};
// `store N`: each store holds N seeds at the start.
struct StoreSeedsClause : pg::seq<Word<kw::Store>, Ws, Must<NumberAfter<kw::Store>>>, NodeTag {};
// `scatter N [min M] [mirrored]`: N seeds, M in every hole, the rest thrown
// into the holes at random (the same throws for both rows: mirrored).
struct ScatterClause : pg::seq<Word<kw::Scatter>, Ws, Must<NumberAfter<kw::Scatter>>,
                               pg::opt<Ws, Word<kw::Min>, Ws, Must<NumberAfter<kw::Min>>>,
                               pg::opt<Ws, Word<kw::Mirrored>>>,
                       NodeTag {};
struct SetupClause : pg::sor<SeedsClause, RowClause, StoreSeedsClause, ScatterClause> {};
// moves
// `from own holes` (the holes the mover controls) or `from all holes`.
struct FromHoles : pg::sor<pg::seq<Word<kw::Own>, Ws, Must<WordAfter<kw::Own, kw::Holes>>>,
                           pg::seq<Word<kw::All>, Ws, Must<WordAfter<kw::All, kw::Holes>>>> {};
// `from store [seeds E] [into H | into holes [of P] [where F]] [when C]`:
// moves that sow seeds taken from the mover's store, into a hole the rules
// name or one the mover chooses (the words say which expressions are
// written).
struct StoreHoles : pg::seq<Word<kw::Holes>, pg::opt<Ws, Word<kw::Of>, Ws, Must<ExprAfter<kw::Of>>>,
                            pg::opt<Ws, Word<kw::Where>, Ws, Must<ExprAfter<kw::Where>>>> {};
struct StoreInto : pg::sor<StoreHoles, ExprAfter<kw::Into>> {};
struct FromStore
    : pg::seq<Word<kw::Store>, pg::opt<Ws, Word<kw::Seeds>, Ws, Must<ExprAfter<kw::Seeds>>>,
              pg::opt<Ws, Word<kw::Into>, Ws, Must<StoreInto>>,
              pg::opt<Ws, Word<kw::When>, Ws, Must<ExprAfter<kw::When>>>> {};
struct FromWhat
    : pg::sor<FromStore,
              pg::seq<FromHoles, pg::opt<Ws, Word<kw::Where>, Ws, Must<ExprAfter<kw::Where>>>>> {};
struct FromClause : pg::seq<Word<kw::From>, Ws, Must<FromWhat>>, NodeTag {};
struct FirstClause : pg::seq<Word<kw::First>, Ws, Must<WordAfter<kw::First, kw::Move>>, Ws,
                             Must<WordAfter<kw::Move, kw::From>>, Ws,
                             Must<ChoiceAfter<kw::From, kw::Rightmost, kw::Leftmost>>>,
                     NodeTag {};
struct MustClause : pg::seq<Word<kw::Must>, Ws, Must<WordAfter<kw::Must, kw::Feed>>,
                            pg::opt<Ws, Word<kw::Else>, Ws, Must<WordAfter<kw::Else, kw::Any>>>>,
                    NodeTag {};
// `forbid when E` judges the start hole before the move, `forbid after E`
// the position the move leads to.
struct ForbidKind : pg::sor<pg::seq<Word<kw::When>, Ws, Must<ExprAfter<kw::When>>>,
                            pg::seq<Word<kw::After>, Ws, Must<ExprAfter<kw::After>>>> {};
struct ForbidClause : pg::seq<Word<kw::Forbid>, Ws, Must<ForbidKind>>, NodeTag {};
// `prefer when E` / `prefer after E`: when some legal move passes, only
// those are legal.
struct PreferKind : pg::sor<pg::seq<Word<kw::When>, Ws, Must<ExprAfter<kw::When>>>,
                            pg::seq<Word<kw::After>, Ws, Must<ExprAfter<kw::After>>>> {};
struct PreferClause : pg::seq<Word<kw::Prefer>, Ws, Must<PreferKind>>, NodeTag {};
struct PassClause
    : pg::seq<Word<kw::Pass>, Ws, Must<WordAfter<kw::Pass, kw::When>>, Ws,
              Must<WordAfter<kw::When, kw::No>>, Ws, Must<WordAfter<kw::No, kw::Moves>>>,
      NodeTag {};
struct MovesClause
    : pg::sor<FromClause, FirstClause, MustClause, ForbidClause, PreferClause, PassClause> {};
// sowing
// `direction ccw|cw|either [when E]`: with `when`, a rule tried for each
// move's start hole; `either` lets the mover choose (docs/language.md).
struct DirectionClause : pg::seq<Word<kw::Direction>, Ws,
                                 Must<ChoiceAfter<kw::Direction, kw::Ccw, kw::Cw, kw::Either>>,
                                 pg::opt<Ws, Word<kw::When>, Ws, Must<ExprAfter<kw::When>>>>,
                         NodeTag {};
struct RelayKind
    : pg::sor<Word<kw::None>, pg::seq<pg::sor<Word<kw::Landing>, Word<kw::Next>>, OptWhen>> {};
struct RelayClause : pg::seq<Word<kw::Relay>, Ws, Must<RelayKind>>, NodeTag {};
struct SkipKind
    : pg::sor<Word<kw::Origin>, pg::seq<Word<kw::When>, Ws, Must<ExprAfter<kw::When>>>> {};
struct SkipClause : pg::seq<Word<kw::Skip>, Ws, Must<SkipKind>>, NodeTag {};
// `after N laps`: the lap budget past which a move counts as endless.
struct LapBudget : pg::seq<Word<kw::After>, Ws, Must<NumberAfter<kw::After>>, Ws,
                           Must<WordAfter<kw::After, kw::Laps>>> {};
struct OptLapBudget : pg::opt<Ws, LapBudget> {};
struct EndlessKind
    : pg::sor<pg::seq<Word<kw::Illegal>, OptLapBudget>, pg::seq<Word<kw::Draw>, OptLapBudget>,
              pg::seq<Word<kw::Ends>, OptLapBudget, pg::opt<Ws, ClauseBody>>> {};
struct EndlessClause : pg::seq<Word<kw::Endless>, Ws, Must<EndlessKind>>, NodeTag {};
struct LapsClause : pg::seq<Word<kw::Laps>, Ws, Must<WordAfter<kw::Laps, kw::Alternate>>>,
                    NodeTag {};
struct SowingClause : pg::sor<DirectionClause, RelayClause, SkipClause, LapsClause, EndlessClause> {
};
// end
struct WhenClause : pg::seq<Word<kw::When>, Ws, Must<ExprAfter<kw::When>>, EndTail>, NodeTag {};
struct StalemateClause : pg::seq<Word<kw::Stalemate>, Ws, Must<NumberAfter<kw::Stalemate>>, Ws,
                                 Must<WordAfter<kw::Stalemate, kw::Moves>>, Ws,
                                 Must<WordAfter<kw::Moves, kw::Without>>, Ws,
                                 Must<WordAfter<kw::Without, kw::Capture>>, EndTail>,
                         NodeTag {};
struct RepetitionClause
    : pg::seq<Word<kw::Repetition>, Ws, Must<NumberAfter<kw::Repetition>>, EndTail>,
      NodeTag {};
struct WinnerKind
    : pg::sor<pg::seq<Word<kw::Most>, Ws, Must<ChoiceAfter<kw::Most, kw::Store, kw::Rounds>>>,
              Word<kw::Survivor>> {};
struct WinnerClause : pg::seq<Word<kw::Winner>, Ws, Must<WinnerKind>>, NodeTag {};
struct EndClause : pg::sor<WhenClause, StalemateClause, RepetitionClause, WinnerClause> {};
// match
// `refill conquest|own from end|start [remainder N] [mark NAME]`, or
// `refill none`.
struct RefillMark : Name {};
struct RefillFill
    : pg::seq<pg::sor<Word<kw::Conquest>, Word<kw::Own>>, Ws, Must<WordAfter<kw::Refill, kw::From>>,
              Ws, Must<ChoiceAfter<kw::From, kw::End, kw::Start>>,
              pg::opt<Ws, Word<kw::Remainder>, Ws, Must<NumberAfter<kw::Remainder>>>,
              pg::opt<Ws, Word<kw::Mark>, Ws, Must<RefillMark>>> {};
struct RefillHow : pg::sor<RefillFill, Word<kw::None>> {};
struct RefillClause : pg::seq<Word<kw::Refill>, Ws, Must<RefillHow>>, NodeTag {};
struct StarterClause
    : pg::seq<Word<kw::Starter>, Ws,
              Must<ChoiceAfter<kw::Starter, kw::Winner, kw::Loser, kw::Alternate, kw::LastMover>>,
              pg::opt<Ws, Word<kw::Else>, Ws, Must<ChoiceAfter<kw::Else, kw::First, kw::Second>>>>,
      NodeTag {};
struct EndsClause : pg::seq<Word<kw::Ends>, Ws, Must<WordAfter<kw::Ends, kw::When>>, Ws,
                            Must<ExprAfter<kw::When>>>,
                    NodeTag {};
struct MaxClause : pg::seq<Word<kw::Max>, Ws, Must<WordAfter<kw::Max, kw::Rounds>>, Ws,
                           Must<NumberAfter<kw::Rounds>>>,
                   NodeTag {};
struct MatchClause : pg::sor<RefillClause, StarterClause, EndsClause, MaxClause, WinnerClause> {};
// evaluation
struct ScoreClause : pg::seq<Word<kw::Score>, Ws, Must<ExprAfter<kw::Score>>>, NodeTag {};
struct EvaluationClause : pg::sor<ScoreClause> {};
// info
struct InfoKey : pg::ascii::identifier {};
struct InfoText : StringLit {};
struct InfoClause : pg::seq<InfoKey, Ws, Must<InfoText>>, NodeTag {};

// ---------------------------------------------------------------- sections
// A section's keyword, its clauses and the words listed in messages.
#define MNC_SECTION(Tag, Kw, ClauseRule, text, clauses) \
  struct Tag {                                          \
    using Keyword = Kw;                                 \
    using Clause = ClauseRule;                          \
    static constexpr const char* kName = text;          \
    static constexpr const char* kClauses = clauses;    \
  };
MNC_SECTION(InfoTag, kw::Info, InfoClause, "info", "")
MNC_SECTION(BoardTag, kw::Board, BoardClause, "board", "rows holes stores marks counters")
MNC_SECTION(SetupTag, kw::Setup, SetupClause, "setup", "seeds row store scatter")
MNC_SECTION(MovesTag, kw::Moves, MovesClause, "moves", "from first must forbid pass")
MNC_SECTION(SowingTag, kw::Sowing, SowingClause, "sowing", "direction relay skip laps endless")
MNC_SECTION(EndTag, kw::End, EndClause, "end", "when stalemate repetition winner")
MNC_SECTION(MatchTag, kw::Match, MatchClause, "match", "refill starter ends max winner")
MNC_SECTION(EvaluationTag, kw::Evaluation, EvaluationClause, "evaluation", "score")
#undef MNC_SECTION

template <class Tag>
struct SectionOpen : pg::one<'{'> {};
template <class Tag>
struct SectionClose : pg::one<'}'> {};
template <class Tag>
struct Section : pg::seq<Word<typename Tag::Keyword>, Ws, Must<SectionOpen<Tag>>, Sep,
                         pg::star<typename Tag::Clause, Sep>, Must<SectionClose<Tag>>>,
                 NodeTag,
                 BraceTag {};

// ------------------------------------------------------------ declarations
struct EventName : pg::ascii::identifier {};    // any word: the checker knows the events
struct HandlerName : pg::ascii::identifier {};  // handler names may be keywords
struct HandlerBody : Nest<Block> {};
struct HandlerDecl
    : pg::seq<kw::On, Ws, Must<EventName>, pg::opt<Ws, kw::As, Ws, Must<HandlerName>>,
              pg::opt<Ws, kw::When, Ws, Must<ExprAfter<kw::When>>>, Ws, Must<HandlerBody>>,
      NodeTag {};

struct GameKw : kw::Game {};
struct GameName : StringLit {};
struct ExtendsName : StringLit {};
struct GameOpen : pg::one<'{'> {};
struct GameClose : pg::one<'}'> {};
struct GameItem : pg::sor<Section<InfoTag>, Section<BoardTag>, Section<SetupTag>, Section<MovesTag>,
                          Section<SowingTag>, Section<EndTag>, Section<MatchTag>,
                          Section<EvaluationTag>, HandlerDecl> {};
// `game "Name" [extends "Base"] {`; the game's items and its '}' follow (see the top level).
struct GameHead : pg::seq<GameKw, Ws, Must<GameName>, Ws,
                          pg::opt<kw::Extends, Ws, Must<ExtendsName>, Ws>, Must<GameOpen>> {};

struct ParamName : Name {};
struct ParamColon : pg::one<':'> {};
struct ParamType : pg::sor<Word<kw::Int>, Word<kw::Bool>, Word<kw::Hole>, Word<kw::Player>> {};
struct Param : pg::seq<ParamName, Ws, Must<ParamColon>, Ws, Must<ParamType>>, NodeTag {};
struct NextParam : pg::seq<Param> {};
struct ParamClose : pg::one<')'> {};
struct ParamList
    : pg::seq<pg::one<'('>, Ws, pg::opt<Param, pg::star<Ws, pg::one<','>, Ws, Must<NextParam>>>, Ws,
              Must<ParamClose>> {};
struct FragmentName : Name {};
struct FragmentEquals : pg::one<'='> {};
struct FragmentValue : pg::seq<Expr> {};
// `fragment NAME(params) { statements }` or `fragment NAME(params) = E`
struct FragmentBody : pg::sor<Nest<Block>, pg::seq<FragmentEquals, Ws, Must<FragmentValue>>> {};
struct FragmentDecl
    : pg::seq<kw::Fragment, Ws, Must<FragmentName>, Ws, pg::opt<ParamList, Ws>, Must<FragmentBody>>,
      NodeTag {};

struct ImportPath : StringLit {};
struct ImportDecl : pg::seq<kw::Import, Ws, Must<ImportPath>>, NodeTag {};

// ---------------------------------------------------------------- top level
// A file is
//   Sep (ImportDecl Sep)* ((FragmentDecl | Game) Sep)* FileEnd
//   Game = GameHead Sep (GameItem Sep)* GameClose
// Those two loops are not rules: parse.cpp runs them one top-level item at
// a time, so that after a syntax error in one item it can go on at the next
// (resync.cpp). Where a loop meets what it cannot take, it raises the
// message of GameClose or FileEnd, as Must<> would.
struct FileEnd : pg::eof {};

#undef MNC_KW

}  // namespace mancala::grammar
