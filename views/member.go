package views

import (
	"context"
	"strconv"
	"strings"

	"tablemate/scoring"
	"tablemate/views/i18n"
)

// MemberVM is a league member's page. It is built for the link it was
// opened with: every URL on it (LeaguePath, the other members' pages, the
// merge form) is on that link's base, so the page opened from the public
// standings holds no admin link.
type MemberVM struct {
	Page
	League     string // the league's name
	LeaguePath string // back to the league ("/leagues/{id}" or "/l/{admin}")
	Member     string
	Emoji      string
	// Merged are the names at tables that count as this member.
	Merged []string

	Played, Won   int
	WinRate       int // percent
	CurrentStreak int
	LongestStreak int
	Favourite     scoring.Phrase // the most played game's title (zero without games)
	// AverageMinutes is the average length of the member's games whose
	// length is known, Timed how many those are (stats.Profile).
	AverageMinutes, Timed int
	Rival                 MemberOpponent
	Nemesis               MemberOpponent
	// Rating is the member's OpenSkill rating, "" before their first game.
	Rating, RatingSigma string
	RatingRank          int
	Games               []MemberGame
	HeadToHead          []MemberRecord
	Chart               PlacingChart

	// Admin tools (the admin link's page only): merge this entry into
	// another member.
	Admin     bool
	MergePath string
	Form      Form
	Others    []string // the other members, for the merge form
}

// MemberOpponent is a rival or a nemesis; Name is "" for none.
type MemberOpponent struct {
	Name, URL    string
	Times, Games int
}

// MemberGame is the member's record at one game.
type MemberGame struct {
	Title       scoring.Phrase // the game's title, said at rendering
	Played, Won int
	WinRate     int    // percent
	Average     string // one decimal
	Best        string
	LowestWins  bool
}

// MemberRecord is the member's head-to-head against another member.
type MemberRecord struct {
	Name, URL            string
	Games                int
	Ahead, Behind, Level int
}

// PlacingChart draws a member's placings over time: for each game (oldest
// left), the share of the table that finished behind them, wins marked.
type PlacingChart struct {
	ID     string
	Title  scoring.Phrase
	Points []PlacingPoint
	// Skipped is how many older games the chart leaves out.
	Skipped int
}

// PlacingPoint is one game on the chart.
type PlacingPoint struct {
	Number    int            // the member's nth game
	Game      scoring.Phrase // the game's title, said at rendering
	Table     string         // the table's name
	Place, Of int
	Won       bool
	Beaten    float64 // 0–1: the share of the others placed behind
	Score     string
	X, Y      string // in SVG units, worked out by layout
}

// Geometry of the placing chart in SVG user units (it scales to the
// screen width).
const (
	pcWidth, pcHeight = 360, 180
	pcLeft, pcRight   = 44, 12
	pcTop, pcBottom   = 12, 30
)

// PlacingTick is a label on an axis.
type PlacingTick struct {
	At    string
	Label string
}

// placingLayout is the chart worked out for drawing.
type placingLayout struct {
	Path   string
	YTicks []PlacingTick
	XTicks []PlacingTick
	Left   string
	Right  string
	Points []PlacingPoint
}

func fmt1(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// layout places the points: x by the member's game number, y by the share
// beaten (all behind them at the top), labelled in ctx's language.
func (c PlacingChart) layout(ctx context.Context) placingLayout {
	l := placingLayout{Left: itoa(pcLeft), Right: itoa(pcWidth - pcRight)}
	n := len(c.Points)
	x := func(i int) float64 {
		if n == 1 {
			return (pcLeft + pcWidth - pcRight) / 2.0
		}
		return pcLeft + float64(i)*float64(pcWidth-pcLeft-pcRight)/float64(n-1)
	}
	y := func(b float64) float64 { return pcTop + (1-b)*float64(pcHeight-pcTop-pcBottom) }
	for _, b := range []float64{0, 0.5, 1} {
		l.YTicks = append(l.YTicks, PlacingTick{At: fmt1(y(b)), Label: i18n.Percent(ctx, int(b*100))})
	}
	var d strings.Builder
	step := max(1, n/6)
	for i, p := range c.Points {
		p.X, p.Y = fmt1(x(i)), fmt1(y(p.Beaten))
		if i == 0 {
			d.WriteString("M" + p.X + " " + p.Y)
		} else {
			d.WriteString(" L" + p.X + " " + p.Y)
		}
		if i%step == 0 || i == n-1 {
			l.XTicks = append(l.XTicks, PlacingTick{At: p.X, Label: itoa(p.Number)})
		}
		l.Points = append(l.Points, p)
	}
	if n > 1 {
		l.Path = d.String()
	}
	return l
}

// placingText is one game of the chart in words, for its text version.
func placingText(ctx context.Context, p PlacingPoint) string {
	s := i18n.T(ctx, "place %d of %d", p.Place, p.Of)
	if p.Won {
		s += " (" + i18n.T(ctx, "won") + ")"
	}
	return s
}

// RatingRow is one member's line of the league's rating table.
type RatingRow struct {
	Rank          int
	Player, URL   string
	Games         int
	Rating, Sigma string // the ordinal (μ − 3σ) and σ, one decimal
}

// MemberLink names a member and their page.
type MemberLink struct {
	Name, Emoji, URL string
	Played           int
}

// hasName reports whether names holds name, ignoring case and spaces
// around it (as a league matches its members).
func hasName(names []string, name string) bool {
	for _, n := range names {
		if strings.EqualFold(strings.TrimSpace(n), name) {
			return true
		}
	}
	return false
}
