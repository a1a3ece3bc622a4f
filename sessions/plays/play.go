package plays

import (
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"tablemate/scoring"
	"tablemate/sessions/league"
)

// Play is one play of one game, as the play loggers record it: the neutral
// form every reader returns and every writer takes. The web layer fills it
// from a table's game, an evening's "another game" sheet or a league.
type Play struct {
	// ID is the play's identity where it came from (a BG Stats play's
	// uuid; for Tablemate something stable like "table/<id>/game/3"). The
	// BG Stats writer derives the play's uuid from it (PlayUUID), so
	// exporting the same play twice gives the same uuid and BG Stats
	// recognises it instead of counting it twice.
	ID   string
	Game Game
	// Played is the wall-clock time at the table; its zone is ignored.
	// BG Stats keeps minutes, BoardGameGeek only the day. Zero: unknown
	// (BoardGameGeek allows undated plays; BG Stats does not).
	Played   time.Time
	Minutes  int // duration; 0 = not recorded
	Location string
	Comments string
	// Variant is BG Stats' "board" (the variant or map played).
	Variant string
	// Rounds is BG Stats' "rounds" (e.g. a Cambio game's rounds).
	Rounds int
	// Quantity is BoardGameGeek's "quantity": one entry standing for this
	// many identical plays. 0 and 1 both mean one play.
	Quantity int
	// Incomplete is BoardGameGeek's "incomplete": the play was not finished.
	Incomplete bool
	// NoWinStats is BoardGameGeek's "nowinstats" and BG Stats' "ignored":
	// the play is not counted in win statistics.
	NoWinStats bool
	// Teams is BG Stats' "usesTeams": players scored as teams.
	Teams bool
	// BGGPlayID is BoardGameGeek's id of this play record (BGG's play
	// "id", BG Stats' play "bggId" once synced); 0 = none.
	BGGPlayID int
	Players   []Player
}

// Game is what was played: one of Tablemate's seven games (Slug set) or
// another game (Slug empty, Name set).
type Game struct {
	Slug    string // one of the games (Games), or "" for another game
	Name    string // the title as the file or the table names it
	BGGName string // BG Stats' "bggName": BoardGameGeek's title, if the file has it
	BGGID   int    // BoardGameGeek's id of the game; 0 = unknown
	// LowestWins is true for games where the fewest points win (BG Stats'
	// highestWins false).
	LowestWins  bool
	Cooperative bool // BG Stats: everyone wins or loses together
	NoPoints    bool // BG Stats: the game has no scores, only winners
}

// Player is one player's line in a play.
type Player struct {
	Name     string
	Username string // BoardGameGeek user name (BG Stats' bggUsername)
	UserID   int    // BoardGameGeek user id (BGG only)
	// Score is the player's score; nil when none was recorded.
	Score *int
	// ScoreText is a score that is not a whole number, kept as written
	// ("45.5", "3 VP"), when Score is nil.
	ScoreText   string
	Winner      bool
	Rank        int // 1 = first, tied players share a rank; 0 = not recorded
	Seat        int // seat (turn) order from 1; 0 = not recorded
	StartPlayer bool
	New         bool    // the player's first play of this game
	Color       string  // colour, faction or role (BGG "color", BG Stats "role")
	Team        string  // BG Stats' team
	Rating      float64 // BGG only: the player's rating of the game, 1–10; 0 = none
	Anonymous   bool    // BG Stats' anonymous player
}

// Bounds every play obeys: the readers refuse files that break them and the
// writers refuse plays that do, each with the field and the bound.
const (
	MaxText     = 200    // characters in a name, location, variant, colour or team
	MaxComments = 10_000 // characters in a play's comments
	MaxID       = 100    // characters in an ID or a user name
	MaxScore    = 1_000_000_000
	MaxMinutes  = 7 * 24 * 60 // a week
	MaxRounds   = 10_000
	MaxQuantity = 1_000
	maxScoreLen = 50 // characters in a ScoreText
	maxOrder    = 1_000
)

// Int returns a pointer to n, for Player.Score.
func Int(n int) *int { return &n }

// Validate checks plays against the bounds above: every text valid UTF-8
// without control characters, names present and different within a play,
// numbers in range. Errors are *scoring.InputError naming the field
// ("plays[2].players[0].name").
func (gs *Games) Validate(plays []Play) error {
	for i, p := range plays {
		if err := p.check(gs, scoring.Index("plays", i)); err != nil {
			return err
		}
	}
	return nil
}

func (p Play) check(gs *Games, at string) error {
	if err := checkText(scoring.Join(at, "id"), p.ID, MaxID, false); err != nil {
		return err
	}
	g := p.Game
	if g.Slug != "" {
		if _, ok := gs.info(g.Slug); !ok {
			return scoring.Errorf(scoring.Join(at, "game.slug"), "%q is not one of Tablemate's games", g.Slug)
		}
	}
	if strings.TrimSpace(g.Name) == "" && g.Slug == "" {
		return scoring.Errorf(scoring.Join(at, "game.name"), "a play needs the name of its game")
	}
	for _, f := range []struct {
		name, value string
		max         int
		lines       bool
	}{
		{"game.name", g.Name, MaxText, false},
		{"game.bggName", g.BGGName, MaxText, false},
		{"location", p.Location, MaxText, false},
		{"variant", p.Variant, MaxText, false},
		{"comments", p.Comments, MaxComments, true},
	} {
		if err := checkText(scoring.Join(at, f.name), f.value, f.max, f.lines); err != nil {
			return err
		}
	}
	for _, n := range []struct {
		name       string
		value, max int
	}{
		{"game.bggId", g.BGGID, 1 << 30},
		{"bggPlayId", p.BGGPlayID, 1 << 40},
		{"minutes", p.Minutes, MaxMinutes},
		{"rounds", p.Rounds, MaxRounds},
		{"quantity", p.Quantity, MaxQuantity},
	} {
		if n.value < 0 || n.value > n.max {
			return scoring.Errorf(scoring.Join(at, n.name), "must be a whole number from 0 to %d, not %d", n.max, n.value)
		}
	}
	seen := make(map[string]int, len(p.Players))
	for j, pl := range p.Players {
		pat := scoring.Index(scoring.Join(at, "players"), j)
		if err := pl.check(pat); err != nil {
			return err
		}
		if _, dup := seen[pl.Name]; dup {
			return scoring.Errorf(scoring.Join(pat, "name"), "%q is named twice in this play: names in a play must differ", pl.Name)
		}
		seen[pl.Name] = j
	}
	return nil
}

func (pl Player) check(at string) error {
	if pl.Name == "" {
		return scoring.Errorf(scoring.Join(at, "name"), "a player needs a name")
	}
	for _, f := range []struct {
		name, value string
		max         int
	}{
		{"name", pl.Name, MaxText},
		{"username", pl.Username, MaxID},
		{"color", pl.Color, MaxText},
		{"team", pl.Team, MaxText},
		{"scoreText", pl.ScoreText, maxScoreLen},
	} {
		if err := checkText(scoring.Join(at, f.name), f.value, f.max, false); err != nil {
			return err
		}
	}
	switch {
	case pl.Score != nil && (*pl.Score > MaxScore || *pl.Score < -MaxScore):
		return scoring.Errorf(scoring.Join(at, "score"), "must be from %d to %d, not %d", -MaxScore, MaxScore, *pl.Score)
	case pl.Score != nil && pl.ScoreText != "":
		return scoring.Errorf(scoring.Join(at, "scoreText"), "a player has a score or a score text, not both")
	case pl.ScoreText != "":
		switch n, text := parseScore(pl.ScoreText); {
		case n != nil:
			return scoring.Errorf(scoring.Join(at, "scoreText"), "%q is a whole-number score: put it in score", pl.ScoreText)
		case text != pl.ScoreText:
			return scoring.Errorf(scoring.Join(at, "scoreText"), "%q reads as no score: leave it empty", pl.ScoreText)
		}
	}
	for _, n := range []struct {
		name       string
		value, max int
	}{
		{"userid", pl.UserID, 1 << 40},
		{"rank", pl.Rank, maxOrder},
		{"seat", pl.Seat, maxOrder},
	} {
		if n.value < 0 || n.value > n.max {
			return scoring.Errorf(scoring.Join(at, n.name), "must be a whole number from 0 to %d, not %d", n.max, n.value)
		}
	}
	if !(pl.Rating >= 0 && pl.Rating <= 10) { // also refuses NaN
		return scoring.Errorf(scoring.Join(at, "rating"), "must be from 0 to 10, not %v", pl.Rating)
	}
	return nil
}

// checkText refuses invalid UTF-8, spaces at either end, control
// characters (line breaks and tabs only where lines is set; the writers
// write every line break as "\n") and texts longer than max characters.
func checkText(field, s string, max int, lines bool) error {
	if !utf8.ValidString(s) {
		return scoring.Errorf(field, "is not valid UTF-8 text")
	}
	if s != strings.TrimSpace(s) {
		return scoring.Errorf(field, "must not start or end with spaces or line breaks")
	}
	if n := utf8.RuneCountInString(s); n > max {
		return scoring.Errorf(field, "is %d characters long; at most %d are allowed", n, max)
	}
	for _, r := range s {
		if lines && (r == '\n' || r == '\t' || r == '\r') {
			continue
		}
		if unicode.IsControl(r) || r == '\uFFFE' || r == '\uFFFF' {
			return scoring.Errorf(field, "must not hold control characters (found U+%04X)", r)
		}
	}
	return nil
}

// parseScore reads a score as the play loggers write it: a whole number
// ("-7"), or the running sum BG Stats lets people type ("3+20+5",
// "10 - 2"). Empty and "null" are no score. Anything else (a fraction, a
// word, a number out of range) comes back as text, trimmed.
func parseScore(s string) (*int, string) {
	s = strings.TrimSpace(s)
	if s == "" || s == "null" {
		return nil, ""
	}
	rest, total := s, 0
	for first := true; ; first = false {
		rest = strings.TrimLeft(rest, " ")
		op := 1
		if !first {
			if rest == "" {
				return &total, ""
			}
			switch rest[0] {
			case '+':
			case '-':
				op = -1
			default:
				return nil, s
			}
			rest = strings.TrimLeft(rest[1:], " ")
		}
		if rest != "" && (rest[0] == '-' || rest[0] == '+') {
			if rest[0] == '-' {
				op = -op
			}
			rest = rest[1:]
		}
		n, digits := 0, 0
		for digits < len(rest) && rest[digits] >= '0' && rest[digits] <= '9' {
			n = n*10 + int(rest[digits]-'0')
			digits++
			if n > MaxScore {
				return nil, s
			}
		}
		if digits == 0 {
			return nil, s
		}
		rest = rest[digits:]
		total += op * n
		if total > MaxScore || total < -MaxScore {
			return nil, s
		}
	}
}

// formatScore is the text both formats store for a player's score.
func formatScore(pl Player) string {
	if pl.Score != nil {
		return strconv.Itoa(*pl.Score)
	}
	return pl.ScoreText
}

// WithRanks returns the play with ranks and winners filled in from the
// scores where the play has none: when every player has a score and no
// player has a rank, ranks follow the scores (fewest first where the
// fewest win, ties share a rank: 1, 2, 2, 4); when no player is marked
// winner, those ranked first win. It uses the leagues' own placing
// (sessions/league.Places), so an export ranks as the standings do.
func (p Play) WithRanks() Play {
	if len(p.Players) == 0 {
		return p
	}
	p.Players = slices.Clone(p.Players)
	scored := true
	ranked := false
	for _, pl := range p.Players {
		scored = scored && pl.Score != nil
		ranked = ranked || pl.Rank > 0
	}
	if scored && !ranked {
		totals := make(map[string]int, len(p.Players))
		for _, pl := range p.Players {
			totals[pl.Name] = *pl.Score
		}
		places := league.Places(league.Result{Totals: totals, LowestWins: p.Game.LowestWins})
		for i := range p.Players {
			p.Players[i].Rank = places[p.Players[i].Name]
		}
	}
	if !slices.ContainsFunc(p.Players, func(pl Player) bool { return pl.Winner }) {
		for i := range p.Players {
			p.Players[i].Winner = p.Players[i].Rank == 1
		}
	}
	return p
}
