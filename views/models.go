// Package views holds the templ components of every page and the view
// models they take. Components never see database rows: handlers build
// these models from sessions and scoring values.
package views

import (
	"sort"

	"github.com/a-h/templ"

	"tablemate/scoring"
)

// Page is what the shared layout needs from every page.
type Page struct {
	Title string
	// Flash is a one-line message shown above the content (e.g. "Undone").
	Flash     string
	FlashKind string // "good", "bad" or "warn"
	// FlashList are lines listed under the flash (what to fix).
	FlashList []string
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
	// Description is what the page is, for its meta description: a
	// catalog key (said in the page's language), one per kind of page.
	Description string
	// Preview is what a link preview shows of the page (og: meta tags);
	// set only on view-only and public pages, never behind an edit or
	// admin link.
	Preview Preview
}

// Preview is a page's link preview: its result card as the image (an
// absolute URL), a title and a line of description.
type Preview struct {
	Title, Description, Image, URL string
}

// Form carries the hidden fields every write form sends: the CSRF token,
// the idempotency token of this rendering, and the table version seen.
type Form struct {
	CSRF  string
	Token string
	Seen  int
	// Carry are fields the form sends back as they are (the check page's
	// game so far).
	Carry []Field
}

// Errors maps a field path (e.g. "players[1].display.red") to its message.
type Errors map[string]string

// Messages lists the messages in field order, for a banner.
func (e Errors) Messages() []string {
	fields := make([]string, 0, len(e))
	for f := range e {
		fields = append(fields, f)
	}
	sort.Strings(fields)
	out := make([]string, len(fields))
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
	ID, Name, GameTitle string
	Played              int // games played (a round game in progress counts)
	Updated             string
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
	Starts      []string
	Rule, First string
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
	Head      int // the table's version, for the live updates
	Name      string
	Game      scoring.Info
	Standings []StandingRow
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
	// Evening is the standing over the evening's finished games (nil
	// before one ended): it replaces Standings.
	Evening *EveningVM
	// NextURL chooses the next game (edit link only, "" elsewhere).
	NextURL string
	// EveningURL opens the evening on its ranking (edit link only).
	EveningURL string
}

// TableVM is the table page behind the edit link: the view and every
// write, with the invite panel.
type TableVM struct {
	TableView
	Form
	UndoLabel string // what Undo would take back; "" when nothing
	// PlayLabel offers guided play ("play along"); "" when the game has none.
	PlayLabel string
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
	ID    string // element id stem: "edit-link", "view-link", "public-link"
	Label string // what the link allows, e.g. "can only watch"
	Hint  string // who it is for
	URL   string
	QRURL string
	Title string // the page's title, for the share sheet
	// Card, when set, is the result card (a PNG path) the share sheet
	// sends along with the link where the phone can share files
	// (static/js/sharecard.js).
	Card string
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
}

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
	Progress string
	// FixBase starts the link correcting a round (".../rounds/" + n +
	// "/edit"); edit pages only, "" on a view-only page.
	FixBase string
	// Chart is the running totals round by round.
	Chart LineChart
}

// StandingRow is one player's running total.
type StandingRow struct {
	Rank                int
	Name                string
	Total, Played, Wins int
	Leader              bool
	Behind              int
}

// GameRow is one recorded game on a table page.
type GameRow struct {
	Number     int
	Totals     []string // per table player, "–" when the player sat out
	Winners    []string
	Valid      bool
	Violations int
	Warnings   int
	Corrected  bool
	Imported   bool
	Err        string
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
	Text   string
	At     string
	Undone bool
}

// BarChart is a horizontal bar chart drawn as inline SVG.
type BarChart struct {
	Title string
	Bars  []Bar
}

// Bar is one bar of a BarChart.
type Bar struct {
	Label string
	Value int
	Lead  bool
}

// ResultVM is a scored state: verdict, winners, each player's breakdown
// and every violation with the rule it breaks.
type ResultVM struct {
	Page
	Heading   string
	GameTitle string
	Result    scoring.Result
	// Displays holds per player name the cards drawn as chips (KKS).
	Displays  map[string][]StackView
	BackURL   string
	BackLabel string
	EditURL   string
	// RoundURLs correct each round of a round game (edit pages only),
	// in round order.
	RoundURLs []string
	// ReplayURL steps through the game's history ("" on the check page).
	ReplayURL string
	// Imported says where an imported game came from: its result is the
	// file's, not checked by the rules ("" for games entered here).
	Imported string
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
}

// Reopen is a form that sends entered values back to their editor.
type Reopen struct {
	Action string
	CSRF   string
	Fields []Field
	// Label is the button's text; "" is "Change these entries".
	Label string
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
	Text, Label string
	Down        bool
	// Value is the card's value, for a chip without a Label: the page
	// names it in its reader's language ("Rot 10", "Rot 1 verdeckt").
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
	Error string
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
	Name, Scheme, SchemeLabel string
	PublicPath                string
	Games                     int
	Standings                 []LeagueRow
	PerGame                   []GameStandings
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
	Error       string
}

// LeagueRow is one line of a league table.
type LeagueRow struct {
	Rank             int
	Player, Emoji    string
	Played, Wins     int
	Points           string
	Spark, TrendText string // sparkline points and the trend in words
	URL              string // the member's page ("" for none)
}

// GameStandings is a league table restricted to one game. Kind tells
// the games apart: the slug, and another game's sheet's name too
// ("another-game:golf").
type GameStandings struct {
	Kind, Title string
	Standings   []LeagueRow
}

// HeadToHead compares two players over the games both played.
type HeadToHead struct {
	A, B                 string
	Ahead, Behind, Level int
}

// LinkRow is a named link.
type LinkRow struct {
	Name, Game, URL string
}

// GameOverVM says a round-based game just ended and who won it.
type GameOverVM struct {
	Game    int
	Rounds  int
	Winners []string
	Total   int // the winners' total
	URL     string
	// Ranking is the game's places, best first (ties share a place).
	Ranking []RankRow
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
	URL, Name, GameTitle, Date string
	Players                    []string
	Played                     int
	Leaders                    []string
}

// ReplayVM is one step of a game's replay: the engine's verdict on the
// game as it stood after the step's event.
type ReplayVM struct {
	Page
	Heading, GameTitle string
	Step, Steps        int
	What, At           string // the step's event in words and its time
	Present            bool   // the game existed at this step
	Result             scoring.Result
	PrevURL, NextURL   string // "" at the ends
	GameURL            string
}

// Choice is one option of a select: the value sent and the label shown.
type Choice struct {
	Value, Label string
}
