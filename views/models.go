// Package views holds the templ components of every page and the view
// models they take. Components never see database rows: handlers build
// these models from sessions and scoring values.
package views

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"reflect"
	"sort"
	"strings"

	"github.com/a-h/templ"

	"tablemate/scoring"
	"tablemate/views/i18n"
)

// Page is what the shared layout needs from every page.
type Page struct {
	// Title is the page's title (a table's name: scoring.Verbatim), said
	// in the reader's language by the layout.
	Title scoring.Phrase
	// Flash is a one-line message shown above the content (e.g. "Undone"),
	// made where the handler knows what happened.
	Flash     scoring.Phrase
	FlashKind string // "good", "bad" or "warn"
	// FlashList are lines listed under the flash (what to fix).
	FlashList []scoring.Phrase
	// CSRF is the token every form posts back.
	CSRF string
	// Scripts are extra static scripts (paths under static/, e.g.
	// "js/cards.js") that only this page needs; loaded deferred.
	Scripts []string
	// Styles are extra stylesheets (paths under static/, e.g.
	// "css/play-adh.css") that only this page needs.
	Styles []string
	// Outbox is the kind of page for offline entry (views/outbox.templ):
	// "table", "entry", "play" or "".
	Outbox string
	// Description is what the page is, for its meta description (said
	// in the page's language), one per kind of page.
	Description scoring.Phrase
	// Preview is what a link preview shows of the page (og: meta tags);
	// set only on view-only and public pages, never behind an edit or
	// admin link.
	Preview Preview
}

// Preview is a page's link preview: its result card as the image (an
// absolute URL), a title and a line of description, said in the page's
// language when it is rendered.
type Preview struct {
	Title, Description scoring.Phrase
	Image, URL         string
}

// Form carries the hidden fields every write form sends: the CSRF token,
// the one-time token of the form, and the table version seen. Token is
// set only for a form drawn again with what was typed (a refused entry
// keeps its key); otherwise every form drawn gets a token of its own
// (FormToken), so two forms on one page never share one.
type Form struct {
	CSRF  string
	Token string
	Seen  int
	// Noted, when set, is told every token FormToken makes: the server
	// keeps a page's other parts compressed, and cuts these out.
	Noted func(token string)
	// Carry are fields the form sends back as they are (the check page's
	// game so far).
	Carry []Field
}

// FormToken is the one-time token a drawn form sends: Token when it is
// set, else a new random one each time.
func (f Form) FormToken() string {
	if f.Token != "" {
		if f.Noted != nil {
			f.Noted(f.Token)
		}
		return f.Token
	}
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand panics on failure)
	token := hex.EncodeToString(b)
	if f.Noted != nil {
		f.Noted(token)
	}
	return token
}

// Errors maps a field path (e.g. "players[1].display.red"), a plain key
// of the form, to its message, said in the page's language when it is
// rendered.
type Errors map[string]scoring.Phrase

// Messages lists the messages in field order, for a banner.
func (e Errors) Messages() []scoring.Phrase {
	fields := make([]string, 0, len(e))
	for f := range e {
		fields = append(fields, f)
	}
	sort.Strings(fields)
	out := make([]scoring.Phrase, len(fields))
	for i, f := range fields {
		out[i] = e[f]
	}
	return out
}

// Has reports whether the field has an error.
func (e Errors) Has(field string) bool { _, ok := e[field]; return ok }

// HomeVM is the start page.
type HomeVM struct {
	Page
	Games  []scoring.Info
	Recent []TableRow
}

// TableRow is one table in a list. ID is the table's edit link, as this
// phone holds it.
type TableRow struct {
	ID, Name  string
	GameTitle scoring.Phrase
	Played    int // games played (a round game in progress counts)
	Updated   string
}

// NewTableVM is the "start a table" form.
type NewTableVM struct {
	Page
	Form
	Games   []scoring.Info
	Game    string
	Name    string
	Players []string // one entry per name box
	// Max is how many name boxes "add a player" may reach (the game's
	// most players).
	Max int
	// Starts is each game's start rule, in the order of Games; Rule is
	// the chosen game's; First is the seat (box index) that starts.
	Starts []scoring.Phrase
	Rule   scoring.Phrase
	First  string
	// Chips are the names this phone played with, offered by one tap.
	Chips  []string
	Errors Errors
	// League, when set, is the admin id of the league the table is for:
	// its members are offered as names and the table counts for it.
	League, LeagueName string
	Suggestions        []string
}

// TableView is what every link to a table shows: players, games so far,
// running totals and the history. Every URL on it is built on Base, the
// link the page was opened with ("/tables/EDIT" or "/v/VIEW"); it holds
// no other link.
type TableView struct {
	Page
	Head int // the table's version, for the live updates
	Name string
	Game scoring.Info
	// GameTitle is what the table plays now as the pages call it: the
	// game's title, or the name of another game's sheet.
	GameTitle scoring.Phrase
	Games     []GameRow
	// GamesPage says which games Games holds of a long table (the
	// newest by default) and links to the others.
	GamesPage Pager
	Players   []string
	Leaders   []string
	Log       []LogRow
	// LogPage says which entries Log holds (the newest by default).
	LogPage Pager
	Chart   BarChart
	// Lines is the running totals game by game (two games or more): a
	// Lines chart, usually prerendered (Prerender).
	Lines templ.Component
	// Current is the game in progress of a round-based table, or nil.
	Current *RoundsVM
	// Finished is a round-based table's last game when it is over (the
	// next round starts a new game), or nil.
	Finished *GameOverVM
	Base     string
	// Evening is the standing over the evening's counted games (nil
	// before any game was entered).
	Evening *EveningVM
	// Playing is the game being played along, as every link shows it
	// (nil when none is).
	Playing *PlayingVM
	// NextURL chooses the next game (edit link only, "" elsewhere).
	NextURL string
	// EveningURL opens the evening on its ranking (edit link only).
	EveningURL string
	// Kept, when set, is the view's parts already rendered (they hold
	// no form and no token): a table's page keeps them per version of
	// the table, language and link, and renders only its forms anew.
	Kept *TableParts
}

// TableParts are a TableView's parts between the page's forms, rendered
// (TableViewTop, TableViewMiddle, TableViewHistory).
type TableParts struct{ Top, Middle, History templ.Component }

// TableVM is the table page behind the edit link: the view and every
// write, with the invite panel.
type TableVM struct {
	TableView
	Form
	UndoLabel scoring.Phrase // what Undo would take back; zero when nothing
	// PlayLabel offers guided play ("play along"); zero when the game has none.
	PlayLabel scoring.Phrase
	Share     ShareVM
}

// ReadOnlyTableVM is the table page behind the view-only link: the view
// and a way to pass the view-only link on.
type ReadOnlyTableVM struct {
	TableView
	Share ShareLink
}

// ShareLink is one link offered to share: its absolute URL, what it
// allows, and the address of its QR code image.
type ShareLink struct {
	ID    string         // element id stem: "edit-link", "view-link", "public-link"
	Label scoring.Phrase // what the link allows, e.g. "can only watch"
	Hint  scoring.Phrase // who it is for
	URL   string
	QRURL string
	Title string // the page's title, for the share sheet
	// Card, when set, is the result card (a PNG path) the share sheet
	// sends along with the link where the phone can share files
	// (static/js/sharecard.js).
	Card string
}

// Same reports whether l and o draw the same link, in the same words.
func (l ShareLink) Same(o ShareLink) bool {
	return l.ID == o.ID && l.URL == o.URL && l.QRURL == o.QRURL && l.Title == o.Title && l.Card == o.Card &&
		reflect.DeepEqual(l.Label, o.Label) && reflect.DeepEqual(l.Hint, o.Hint)
}

// ShareVM is the edit page's invite panel: both links, labelled for what
// they allow (the view-only QR shown, the edit QR behind a choice), and
// the forms that replace either link.
type ShareVM struct {
	View, Edit ShareLink
	// Open shows the panel unfolded (right after a link was replaced).
	Open bool
	// Rotate forms: their actions and the link generations they replace.
	RotateView, RotateEdit string
	ViewForm, EditForm     Form
	// Features says which phone features work at the links' address and
	// why not (tablepage.Features); FeaturesGood is set when all do.
	Features     scoring.Phrase
	FeaturesGood bool
	// Kept, when set, is View and Edit already rendered
	// (ShareViewLink, ShareEditLink).
	Kept *ShareParts
}

// ShareParts are an invite panel's links, rendered.
type ShareParts struct{ View, Edit templ.Component }

// QRCode is a QR code as one SVG path over a Size×Size module grid.
type QRCode struct {
	Path string
	Size int
}

// RoundsVM is a round-based game in progress: every round's points per
// player, the totals and how close the game is to its end.
type RoundsVM struct {
	Game     int
	Round    int // rounds played
	Players  []string
	Rows     [][]string // per round, per player
	Totals   []int
	Progress scoring.Phrase
	// FixBase starts the link correcting a round (".../rounds/" + n +
	// "/edit"); edit pages only, "" on a view-only page.
	FixBase string
	// Chart is the running totals round by round.
	Chart LineChart
}

// GameRow is one recorded game on a table page.
type GameRow struct {
	Number int
	// Title is the game as the pages call it (its title, or the name of
	// another game's sheet).
	Title   scoring.Phrase
	Totals  []string // per table player, "–" when the player sat out
	Winners []string
	Status  GameStatus
}

// GameStatus is how a game's result stands, as its badges say: checked
// by the rules, disputed and not counted (ruling G-5), counted as
// entered, scores as typed, imported, unfinished, in progress or
// unreadable. Scores kept as typed never say the rules checked them.
type GameStatus struct {
	Checked    bool // checked by the rules, no rule broken
	AsTyped    bool // another game's sheet: scores as typed
	Imported   bool // from a play file
	Disputed   bool // rules broken: shown, counted nowhere until settled
	Settled    bool // disputed, counted as entered by the table
	Unfinished bool // played along and stopped, kept as it stood
	InProgress bool // a round game not over yet
	Unreadable bool
	Corrected  bool
	Violations int
	Warnings   int
}

// Pager says which part of a long list a page shows, From–To of Total
// (1-based), and links to the parts before and after it ("" at the
// ends). The links are query strings only, so they keep whichever link
// (edit or view-only) the page was opened with.
type Pager struct {
	From, To, Total int
	Older, Newer    string
	// Open is set when the reader paged the list (a folded list is
	// shown unfolded then).
	Open bool
}

// Paged reports whether the list has more than one part.
func (p Pager) Paged() bool { return p.Older != "" || p.Newer != "" }

// LogRow is one event of a table's history.
type LogRow struct {
	Seq    int
	Text   LogText
	At     string
	Undone bool
}

// BarChart is a horizontal bar chart drawn as inline SVG.
type BarChart struct {
	Title scoring.Phrase
	Bars  []Bar
}

// Bar is one bar of a BarChart; a value may be a half (placing points).
type Bar struct {
	Label string
	Value float64
	Lead  bool
}

// ResultVM is a scored state: verdict, winners, each player's breakdown
// and every violation with the rule it breaks.
type ResultVM struct {
	Page
	Heading   scoring.Phrase
	GameTitle scoring.Phrase
	Result    scoring.Result
	// Displays holds per player name the cards drawn as chips (KKS).
	Displays  map[string][]StackView
	BackURL   string
	BackLabel scoring.Phrase
	EditURL   string
	// RoundURLs correct each round of a round game (edit pages only),
	// in round order.
	RoundURLs []string
	// ReplayURL steps through the game's history ("" on the check page).
	ReplayURL string
	// Imported says where an imported game came from: its result is the
	// file's, not checked by the rules (zero for games entered here).
	Imported scoring.Phrase
	// Reopen, on the check page, posts the entered values back to the
	// editor so a disputed entry can be changed without retyping it.
	Reopen *Reopen
	// Next, on the check page of a round game not over yet, opens the
	// editor of its next round with the game so far.
	Next *Reopen
	// Ranking is the game's places, best first (a finished game).
	Ranking []RankRow
	// After offers what comes next (the edit link's last finished game).
	After *AfterGameVM
	// Standing is how a table's game stands (nil on the check page):
	// its status and winners as its record has them.
	Standing *GameStanding
	// BGStats opens the game in BG Stats (a counted game of a table, on
	// its edit and view-only pages).
	BGStats []BGStatsLink
	// Length is how long the game took (a table's game).
	Length LengthVM
	// Note is the game's note, with its form on the edit page.
	Note NoteVM
	// EveningNote is the note of the game's evening (read only here).
	EveningNote NoteVM
}

// Winners are the players the page crowns: the game's record's on a
// table (a game counted as entered has winners its engine did not name),
// the engine's on the check page.
func (vm ResultVM) Winners() []string {
	if vm.Standing != nil {
		return vm.Standing.Winners
	}
	return vm.Result.Winners
}

// GameStanding is how a table's game stands, from its record: its status
// and winners, and on the edit page the form counting a disputed game as
// entered (ruling G-5).
type GameStanding struct {
	Status  GameStatus
	Winners []string
	// Settle is that form's action ("" elsewhere).
	Settle string
	Form   Form
}

// Reopen is a form that sends entered values back to their editor.
type Reopen struct {
	Action string
	CSRF   string
	Fields []Field
	// Label is the button's text; zero is "Change these entries".
	Label scoring.Phrase
}

// Field is one name/value pair of a form.
type Field struct {
	Name, Value string
}

// StackView is one colour stack drawn as chips.
type StackView struct {
	Colour string
	Cards  []ChipView
	// Visual, when set, is drawn in place of the chip row: a game's own
	// picture of what the player holds (Auf der Hut's covering).
	Visual templ.Component
}

// ChipView is one card chip.
type ChipView struct {
	Text string
	Down bool
	// Value is the card's value: the page names the chip in its reader's
	// language ("Rot 10", "Rot 1 verdeckt").
	Value int
}

// CheckIndexVM lists the games whose scores can be checked.
type CheckIndexVM struct {
	Page
	Games []scoring.Info
}

// CheckPlayersVM names who plays a game checked round by round: a name
// per seat (empty seats do not play), and the JSON box behind "Paste a
// state".
type CheckPlayersVM struct {
	Page
	Form
	Game   scoring.Info
	Names  []string // per seat, as typed
	Errors Errors
}

// JSONCheckVM is the plain JSON checker for games without an editor yet.
type JSONCheckVM struct {
	Page
	Form
	Game   scoring.Info
	Body   string
	Errors Errors
}

// ImportVM is the upload form for an exported table.
type ImportVM struct {
	Page
	Form
	Error scoring.Phrase
	// ErrorWhere is where in the file the error is (its field, such as
	// "events[3].payload"): small print behind the error.
	ErrorWhere string
}

// NewLeagueVM is the "start a league" form.
type NewLeagueVM struct {
	Page
	Form
	Name, Scheme, Points, Members string
	Errors                        Errors
}

// LeagueView is a league's standings as its public link shows them.
// Every URL on it is built on PublicPath; it holds no admin link.
type LeagueView struct {
	Page
	Name, Scheme string
	SchemeLabel  scoring.Phrase
	PublicPath   string
	Games        int
	Standings    []LeagueRow
	PerGame      []GameStandings
	// Distributions shows, per game, how often each range of totals was
	// scored by a player in the league's games.
	Distributions []BarChart
	Members       []string // active members, for head-to-head
	H2H           HeadToHead
	Tables        []LinkRow // through their view-only links
	// TablesPage says which of the league's tables Tables lists (the
	// newest by default).
	TablesPage Pager
	Share      ShareLink // the standings link, to pass on
	// Ratings are the members' OpenSkill ratings, best first; People
	// link every member's page (on the base the page was opened with).
	Ratings []RatingRow
	People  []MemberLink
}

// LeagueAdminVM is the league page behind its admin link: the standings
// and the tools, with the admin link's own panel.
type LeagueAdminVM struct {
	LeagueView
	Form
	AdminPath   string
	Admin       ShareLink
	Open        bool // the link panel unfolded (a link was just replaced)
	RotateForm  Form
	PhoneTables []TableRow // tables this phone opened, to add
	Error       scoring.Phrase
}

// LeagueRow is one line of a league table.
type LeagueRow struct {
	Rank          int
	Player, Emoji string
	Played, Wins  int
	Points        float64   // said by the page ("1.5", "1,5")
	Spark         string    // sparkline points
	Trend         []float64 // the points after each game, said in words (TrendText)
	URL           string    // the member's page ("" for none)
}

// GameStandings is a league table restricted to one game. Kind tells
// the games apart: the slug, and another game's sheet's name too
// ("another-game:golf").
type GameStandings struct {
	Kind      string
	Title     scoring.Phrase // the game's title, said at rendering
	Standings []LeagueRow
}

// HeadToHead compares two players over the games both played.
type HeadToHead struct {
	A, B                 string
	Ahead, Behind, Level int
	Same                 bool // A and B are one member: nothing to compare
}

// LinkRow is a named link.
type LinkRow struct {
	Name, URL string
	Game      scoring.Phrase // the game's title, said at rendering
}

// GameOverVM says the table's newest game is over and how it ended.
type GameOverVM struct {
	Game int
	// Title is the game as the pages call it. Winners won with Score
	// ("Auf der Hut: Ana wins with 7."); without winners (a disputed
	// game) Summary says how it stands.
	Title   scoring.Phrase
	Winners []string
	Score   int
	Summary scoring.Phrase
	// Rounds is the rounds a round game took (0 for a whole result).
	Rounds int
	// Next is set when the next round starts a new game of it.
	Next    bool
	URL     string
	Status  GameStatus
	Ranking []RankRow
}

// PlayingVM is a game being played along, as every link shows it: whose
// turn, the moves so far and everyone's points in the position now, read
// only (a view-only page shows it with no way to move).
type PlayingVM struct {
	Title scoring.Phrase
	Moves int
	// LastMove names the newest move ("Ben pounced"); zero when the game
	// cannot name it or has none. The page says it with SayMove.
	LastMove scoring.Phrase
	// Players are the seats with their points so far.
	Players []PlayingSeat
	// URL opens the guided game (edit pages only: "" elsewhere).
	URL string
}

// PlayingSeat is one player's points in a game played along.
type PlayingSeat struct {
	Name  string
	Total int
}

// HistoryVM lists every table this phone knows, newest first, filtered
// by game and player name.
type HistoryVM struct {
	Page
	Game, Player string // the filter as entered ("" = any)
	League       string // a league's public id ("" = any)
	Leagues      []Choice
	Games        []scoring.Info
	Rows         []HistoryRow
	Known        int // tables this phone knows before filtering
}

// HistoryRow is one table of the history page.
type HistoryRow struct {
	URL, Name, Date string
	GameTitle       scoring.Phrase
	Players         []string
	Played          int
	Leaders         []string
	// AverageMinutes is the average length of the table's games whose
	// length is known, Timed how many those are (sessions.Card).
	AverageMinutes, Timed int
}

// ReplayVM is one step of a game's replay: the engine's verdict on the
// game as it stood after the step's event.
type ReplayVM struct {
	Page
	Heading          scoring.Phrase
	GameTitle        scoring.Phrase
	Step, Steps      int
	What             LogText // the step's event in words
	At               string  // and its time
	Present          bool    // the game existed at this step
	Result           scoring.Result
	PrevURL, NextURL string // "" at the ends
	GameURL          string
	// AsTyped is set for scores kept as typed: no rules checked them.
	AsTyped bool
}

// Choice is one option of a select: the value sent and the label shown.
type Choice struct {
	Value, Label string
}

// SayMove says a move a game named (PlayingVM.LastMove, the undo
// button's) in ctx's language, without the full stop of a move told as
// a sentence: the pages add their own ("Last move: %s.", "Undo: %s").
func SayMove(ctx context.Context, p scoring.Phrase) string {
	return strings.TrimSuffix(i18n.Say(ctx, p), ".")
}
