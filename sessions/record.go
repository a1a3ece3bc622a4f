package sessions

import (
	"slices"

	"tablemate/scoring"
)

// The result of an evening is derived here, once, beside the log it is
// derived from: every game of a table gets one GameRecord when it is
// recorded, corrected, settled or given a round (Game.Record), and the
// table keeps a tally of the records that count (Tally), changed by the
// difference one record makes. Every page, chart, card, preview and export
// of a table reads these — its standing (Table.Evening), its charts
// (Table.Chart), each game's ranking (GameRecord.Seats) — and computes no
// place, leader, winner or total of its own, so no two of them can
// disagree. Taking in a game costs the same at game 1 as at game 1,000.
//
// The records and the tally are plain values with exported fields, so a
// snapshot of a table can keep them as JSON.

// GameStatus says how a game's result stands: checked by the rules,
// disputed, or scores taken as given.
type GameStatus string

// The statuses of a game (ruling G-5).
const (
	// StatusChecked is a game the engine checked and found no rule
	// broken.
	StatusChecked GameStatus = "checked"
	// StatusDisputed is a game saved with rules broken: it is shown with
	// its totals and violations and counts nowhere until the table
	// settles it (corrected, or counted as entered: Settled).
	StatusDisputed GameStatus = "disputed"
	// StatusTyped is another game's sheet: scores kept as typed, no rule
	// checked them.
	StatusTyped GameStatus = "as_typed"
	// StatusImported is a game brought in from a play file: totals and
	// winners as the file gives them, no rule checked them.
	StatusImported GameStatus = "imported"
	// StatusUnreadable is a game whose stored entry its engine can no
	// longer read: shown, counted nowhere.
	StatusUnreadable GameStatus = "unreadable"
)

// RankRule names the rule that ranked a game's players.
type RankRule string

// The rules a game is ranked by.
const (
	RuleMost   RankRule = "most"   // the most points win (ties all win, G-2)
	RuleFewest RankRule = "fewest" // the fewest points win
	// RuleTieBreak: the engine's own tie-break chose among players on
	// the winning total (Kociaki's string, The Rune Market's chain).
	RuleTieBreak RankRule = "tie_break"
	// RuleFile: an imported play's winners, as its file names them.
	RuleFile RankRule = "file"
	// RuleAsEntered: a disputed game the table counted as entered (G-5):
	// no engine named winners, so its totals as entered rank it, by its
	// game's rule.
	RuleAsEntered RankRule = "as_entered"
)

// GameRecord is one game of a table as everything shown reads it: which
// game it is, how its result stands, and each player's score, place and
// whether they won.
type GameRecord struct {
	Number int `json:"n"`
	// Game is the slug of the game it is, Sheet the name the table gave
	// another game's sheet ("" for a game with rules), Kind the two
	// together (KindOf: the games an evening may sum).
	Game   string     `json:"game"`
	Sheet  string     `json:"sheet,omitempty"`
	Kind   string     `json:"kind"`
	Status GameStatus `json:"status"`
	// Settled is set on a disputed game the table counted as entered
	// (KindGameSettled); every page shows it beside the game.
	Settled bool `json:"settled,omitempty"`
	// Over is set when the game is finished: a round game has reached
	// its end, and a game played along was played to its end (one kept
	// unfinished when play along stopped is not over).
	Over bool `json:"over"`
	// Unfinished is a game played along and kept as it stood when the
	// table stopped playing it (KindPlayStopped), or a round game
	// stopped before its end (KindGameStopped).
	Unfinished bool `json:"unfinished,omitempty"`
	// Counted is set when the game counts in the evening's standing, its
	// wins, the league and the exports: it is over, readable, and not
	// disputed unless settled.
	Counted    bool     `json:"counted"`
	LowestWins bool     `json:"lowest_wins,omitempty"`
	Rule       RankRule `json:"rule"`
	Corrected  bool     `json:"corrected,omitempty"`
	// Rounds is the rounds entered of a round game; Violations and
	// Warnings count what the engine found.
	Rounds     int `json:"rounds,omitempty"`
	Violations int `json:"violations,omitempty"`
	Warnings   int `json:"warnings,omitempty"`
	// Seats are the players in the result's order.
	Seats []Seat `json:"seats"`
	// Winners are the players who won: the engine's winners (ties share,
	// G-2), an imported play's as its file says, a settled game's on the
	// best total as entered; none while a game is disputed or not over.
	Winners []string `json:"winners"`
}

// Seat is one player's line of a game's record.
type Seat struct {
	Name  string `json:"name"`
	Score int    `json:"score"`
	// Place is 1 for the winners (who share it), the others behind them
	// by score, equal scores sharing the best place they cover: 1, 2, 2,
	// 4, or with two winners 1, 1, 3. A game without winners (disputed,
	// or not over) is placed by score alone.
	Place int  `json:"place"`
	Won   bool `json:"won,omitempty"`
	// Tied is how many players share this place (1 alone).
	Tied int `json:"tied"`
}

// Seat returns the line of player name, and false when they sat the game
// out.
func (r GameRecord) Seat(name string) (Seat, bool) {
	for _, s := range r.Seats {
		if s.Name == name {
			return s, true
		}
	}
	return Seat{}, false
}

// Ranked is the seats best first: by place, a place's players in the
// result's order.
func (r GameRecord) Ranked() []Seat {
	out := slices.Clone(r.Seats)
	slices.SortStableFunc(out, func(a, b Seat) int { return a.Place - b.Place })
	return out
}

// Disputed reports whether the game is disputed and not settled: shown
// with its totals and violations, counted nowhere (G-5).
func (r GameRecord) Disputed() bool { return r.Status == StatusDisputed && !r.Settled }

// AsTyped reports whether the game's scores were never checked by the
// rules (another game's sheet, an imported play): its pages never say
// they were.
func (r GameRecord) AsTyped() bool { return r.Status == StatusTyped || r.Status == StatusImported }

// recordOf derives game g's record from its verdict. It is the one place
// a game's places and winners are worked out.
func recordOf(g Game) GameRecord {
	r := GameRecord{Number: g.Number, Game: g.Info.Slug, Sheet: g.Sheet(), LowestWins: g.LowestWins(),
		Corrected: g.Corrected, Unfinished: g.Unfinished, Settled: g.Settled, Rule: RuleMost, Rounds: g.Rounds()}
	r.Kind = KindOf(r.Game, r.Sheet)
	res := g.Result()
	if r.LowestWins {
		r.Rule = RuleFewest
	}
	_, sheet := g.engine.(scoring.Sheet)
	switch {
	case g.Err != "":
		r.Status = StatusUnreadable
	case g.Imported != nil:
		r.Status, r.Rule = StatusImported, RuleFile
	case sheet:
		r.Status = StatusTyped
	case !res.Valid:
		r.Status = StatusDisputed
	default:
		r.Status = StatusChecked
	}
	if r.Status != StatusDisputed {
		r.Settled = false
	}
	r.Violations, r.Warnings = len(res.Violations), len(res.Warnings)
	// A whole result is entered when its game is over; a round game is
	// over when its engine says so.
	_, rounds := g.engine.(scoring.Rounds)
	r.Over = g.Err == "" && !g.Unfinished && (res.GameOver || !rounds && g.Imported == nil)
	r.Counted = r.Over && !r.Disputed()
	scores := make([]int, len(res.Players))
	for i, p := range res.Players {
		scores[i] = p.Total
	}
	won := make([]bool, len(scores))
	if r.Counted {
		switch {
		case r.Settled:
			r.Rule = RuleAsEntered
		case len(res.Winners) > 0:
			for i, p := range res.Players {
				won[i] = slices.Contains(res.Winners, p.Name)
			}
		}
		if !slices.Contains(won, true) {
			// No winner named (counted as entered, or a tie the table has
			// not broken yet, G-2): the best total wins, ties all win.
			for i, place := range placesOf(scores, nil, r.LowestWins) {
				won[i] = place == 1
			}
		} else if r.Rule != RuleFile && !slices.Equal(won, topOf(scores, r.LowestWins)) {
			r.Rule = RuleTieBreak
		}
	}
	places := placesOf(scores, won, r.LowestWins)
	tied := map[int]int{}
	for _, p := range places {
		tied[p]++
	}
	r.Seats = make([]Seat, len(scores))
	r.Winners = []string{}
	for i, p := range res.Players {
		r.Seats[i] = Seat{Name: p.Name, Score: p.Total, Place: places[i], Won: won[i], Tied: tied[places[i]]}
		if won[i] {
			r.Winners = append(r.Winners, p.Name)
		}
	}
	return r
}

// topOf marks the players on the best score.
func topOf(scores []int, lowestWins bool) []bool {
	out := make([]bool, len(scores))
	for i, place := range placesOf(scores, nil, lowestWins) {
		out[i] = place == 1
	}
	return out
}

// placesOf places players: the winners (won) share first, the others
// follow by score, equal scores sharing the best place they cover
// (fewest first where the fewest win). With no winner, scores alone
// decide: 10, 8, 8, 5 → 1, 2, 2, 4.
func placesOf(scores []int, won []bool, lowestWins bool) []int {
	winners := 0
	for _, w := range won {
		if w {
			winners++
		}
	}
	out := make([]int, len(scores))
	for i, s := range scores {
		if i < len(won) && won[i] {
			out[i] = 1
			continue
		}
		better := 0
		for j, u := range scores {
			if j < len(won) && won[j] {
				continue
			}
			if lowestWins && u < s || !lowestWins && u > s {
				better++
			}
		}
		out[i] = winners + better + 1
	}
	return out
}
