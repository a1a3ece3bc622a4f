// Package sheet is "another game": a plain score sheet for a game
// Tablemate has no rules for. Scores are kept as typed — whole numbers,
// negatives allowed, per round or as final scores only — and added up;
// nothing is checked against rules, because there are none here. The
// highest or the lowest total wins, as the table chose; ties share
// (ruling G-2). It is pure: states in, totals out.
package sheet

import (
	"encoding/json"
	"strings"

	"tablemate/scoring"
)

// Slug names the score sheet among the games.
const Slug = "another-game"

// MaxRounds bounds a sheet: a long game's score pad fits well within it.
const MaxRounds = 200

// MaxNameLen bounds the game's name.
const MaxNameLen = 40

// maxScore bounds a score typed in a round (either sign).
const maxScore = 1_000_000

// State is a score sheet: the game's name, how it is won, each player's
// scores per round (one "round" for final scores only) and whether the
// game is over.
type State struct {
	Name       string   `json:"name"`
	LowestWins bool     `json:"lowest_wins,omitempty"`
	FinalOnly  bool     `json:"final_only,omitempty"`
	Players    []Player `json:"players"`
	Over       bool     `json:"over,omitempty"`
}

// Player is one player's scores, round by round.
type Player struct {
	Name   string `json:"name"`
	Scores []int  `json:"scores"`
}

// Round is one row of the sheet as a table records it: each player's
// score, and whether the game ends with it. The first round of a game
// also names the game and says how it is won. A round with no scores
// that is the last one just ends the game.
type Round struct {
	Name       string `json:"name,omitempty"`
	LowestWins bool   `json:"lowest_wins,omitempty"`
	FinalOnly  bool   `json:"final_only,omitempty"`
	// Scores may be null: a round that only ends the game was written
	// so (web/sheet marshals a round without scores), and the log keeps
	// those rounds.
	Scores []Entry `json:"scores" decode:"nullable"`
	Last   bool    `json:"last,omitempty"`
}

// Entry is one player's score in a round.
type Entry struct {
	Name   string `json:"name"`
	Points int    `json:"points"`
}

// Engine is the score sheet as a game of the table.
type Engine struct{}

// Info describes the sheet. It has no rules, so nothing says who starts.
func (Engine) Info() scoring.Info {
	return scoring.Info{Slug: Slug, Title: "Another game", MinPlayers: 1, MaxPlayers: 12,
		Starts: scoring.Phrasef("Agree who starts: this sheet knows no rules.")}
}

// Check reads a sheet and adds it up.
func (Engine) Check(body []byte) (scoring.Result, error) {
	var s State
	if err := scoring.Decode(body, &s, ""); err != nil {
		return scoring.Result{}, err
	}
	if err := s.check(); err != nil {
		return scoring.Result{}, err
	}
	return Score(s), nil
}

// check refuses what is not a sheet: no name, names twice, rounds that
// do not line up.
func (s State) check() error {
	if err := checkName(s.Name, "name"); err != nil {
		return err
	}
	names := make([]string, len(s.Players))
	for i, p := range s.Players {
		names[i] = p.Name
		if len(p.Scores) > MaxRounds {
			return scoring.Errorf(scoring.Join(scoring.Index("players", i), "scores"), "a sheet holds at most %d rounds", MaxRounds)
		}
		for j, v := range p.Scores {
			if v > maxScore || v < -maxScore {
				return scoring.Errorf(scoring.Index(scoring.Join(scoring.Index("players", i), "scores"), j), "a score is at most %d either way", maxScore)
			}
		}
	}
	if len(s.Players) == 0 {
		return scoring.Errorf("players", "a sheet needs at least one player")
	}
	return scoring.CheckNames("players", names)
}

func checkName(name, field string) error {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return scoring.Errorf(field, "name the game")
	case len([]rune(name)) > MaxNameLen:
		return scoring.Errorf(field, "a game's name is one line of at most %d characters", MaxNameLen)
	}
	if r, bad := scoring.Unwritable(name); bad {
		return scoring.Errorf(field, "a game's name cannot hold control characters, invisible or private characters, or characters that turn the direction of text (it holds %s)", scoring.CodePoint(r))
	}
	return nil
}

// Score adds up a sheet: each player's total is the sum of their scores,
// each round a line of the breakdown; once the game is over the highest
// total wins, or the lowest where the table chose so, and ties all win
// (ruling G-2). The scores are as typed: nothing is ever a violation.
func Score(s State) scoring.Result {
	res := scoring.NewResult(Slug)
	res.GameOver = s.Over
	for _, p := range s.Players {
		pr := scoring.PlayerResult{Name: p.Name, Breakdown: []scoring.Line{}, Rounds: append([]int{}, p.Scores...)}
		for i, v := range p.Scores {
			pr.Total += v
			if s.FinalOnly {
				pr.Breakdown = append(pr.Breakdown, scoring.Linef(v, "final score"))
			} else {
				pr.Breakdown = append(pr.Breakdown, scoring.Linef(v, "round %d", i+1))
			}
		}
		res.Players = append(res.Players, pr)
	}
	if s.LowestWins {
		res.Winners = scoring.Lowest(res.Players)
	} else {
		res.Winners = scoring.Highest(res.Players)
	}
	res.Finish()
	return res
}

// AppendRound adds a round to a sheet (nil: a new sheet, named by the
// round). Every player of the sheet scores in every round: a player not
// in the round scores 0 in it, a new name joins with 0 for the rounds
// before.
func (Engine) AppendRound(state, round []byte) ([]byte, error) {
	var r Round
	if err := scoring.Decode(round, &r, ""); err != nil {
		return nil, err
	}
	var s State
	if state == nil {
		if err := checkName(r.Name, "name"); err != nil {
			return nil, err
		}
		s = State{Name: strings.TrimSpace(r.Name), LowestWins: r.LowestWins, FinalOnly: r.FinalOnly}
	} else if err := scoring.Decode(state, &s, "state"); err != nil {
		return nil, err
	} else if r.Name != "" {
		// Every round is kept in the log as it came: a later round's name
		// is held to the first one's rule, though only the first names
		// the game.
		if err := checkName(r.Name, "name"); err != nil {
			return nil, err
		}
	}
	if s.Over {
		return nil, scoring.Errorf("", "this game is over; the next round starts a new one")
	}
	if err := add(&s, r); err != nil {
		return nil, err
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	return json.Marshal(s)
}

// add puts round r on sheet s.
func add(s *State, r Round) error {
	if len(r.Scores) == 0 {
		if !r.Last || len(s.Players) == 0 {
			return scoring.Errorf("scores", "enter everyone's score")
		}
		s.Over = true
		return nil
	}
	if s.FinalOnly && len(s.Players) > 0 {
		return scoring.Errorf("scores", "final scores are entered once")
	}
	rounds := 0
	if len(s.Players) > 0 {
		rounds = len(s.Players[0].Scores)
	}
	if rounds >= MaxRounds {
		return scoring.Errorf("scores", "a sheet holds at most %d rounds", MaxRounds)
	}
	seen := map[string]bool{}
	for i, sc := range r.Scores {
		if seen[sc.Name] {
			return scoring.Errorf(scoring.Join(scoring.Index("scores", i), "name"), "%q scores twice in one round", sc.Name)
		}
		seen[sc.Name] = true
		j := index(s.Players, sc.Name)
		if j < 0 {
			s.Players = append(s.Players, Player{Name: sc.Name, Scores: make([]int, rounds)})
			j = len(s.Players) - 1
		}
		s.Players[j].Scores = append(s.Players[j].Scores, sc.Points)
	}
	for i := range s.Players {
		if len(s.Players[i].Scores) == rounds { // not in this round
			s.Players[i].Scores = append(s.Players[i].Scores, 0)
		}
	}
	s.Over = r.Last || s.FinalOnly
	return nil
}

// ReplaceRound corrects round n (1-based) of a sheet
// (scoring.RoundCorrector): the round's scores take the place of the
// ones typed in it, a player of the sheet the round leaves out scoring 0
// in it, as in AppendRound. The sheet keeps its name, how it is won, how
// its scores are entered and whether it is over: a correction changes
// scores, and the round's other fields are not read. A name the sheet
// does not hold, or a round it does not have, is refused.
func (Engine) ReplaceRound(state []byte, n int, round []byte) ([]byte, error) {
	var r Round
	if err := scoring.Decode(round, &r, ""); err != nil {
		return nil, err
	}
	var s State
	if err := scoring.Decode(state, &s, "state"); err != nil {
		return nil, err
	}
	if len(s.Players) == 0 || n < 1 {
		return nil, scoring.Errorf("round", "the game has no round %d", n)
	}
	for _, p := range s.Players {
		if n > len(p.Scores) {
			return nil, scoring.Errorf("round", "the game has no round %d", n)
		}
	}
	if len(r.Scores) == 0 {
		return nil, scoring.Errorf("scores", "enter everyone's score")
	}
	scores := make([]int, len(s.Players))
	seen := map[string]bool{}
	for i, sc := range r.Scores {
		field := scoring.Join(scoring.Index("scores", i), "name")
		if seen[sc.Name] {
			return nil, scoring.Errorf(field, "%q scores twice in one round", sc.Name)
		}
		seen[sc.Name] = true
		j := index(s.Players, sc.Name)
		if j < 0 {
			return nil, scoring.Errorf(field, "%q is not on this sheet: a correction changes the scores of its players", sc.Name)
		}
		scores[j] = sc.Points
	}
	for j := range s.Players {
		s.Players[j].Scores[n-1] = scores[j]
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	return json.Marshal(s)
}

func index(ps []Player, name string) int {
	for i, p := range ps {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// Target is 0: no total ends a sheet; the table ends it.
func (Engine) Target([]byte) int { return 0 }

// Notes tells nothing of a round besides its scores.
func (Engine) Notes([]byte) ([]scoring.Phrase, error) { return nil, nil }

// SheetOf is the game a sheet's state keeps and whether its lowest total
// wins.
func (Engine) SheetOf(state []byte) (string, bool) {
	var s struct {
		Name       string `json:"name"`
		LowestWins bool   `json:"lowest_wins"`
	}
	if json.Unmarshal(state, &s) != nil {
		return "", false
	}
	return s.Name, s.LowestWins
}

// FinalSheet is a sheet of a game played elsewhere (an imported play):
// named name, trimmed and cut to MaxNameLen with "…", won as lowestWins
// says, each player's score a final score, over. Check says whether the
// sheet can take it.
func (Engine) FinalSheet(name string, lowestWins bool, scores []scoring.FinalScore) ([]byte, error) {
	n := []rune(strings.TrimSpace(name))
	if len(n) > MaxNameLen {
		n = append(n[:MaxNameLen-1], '…')
	}
	s := State{Name: string(n), LowestWins: lowestWins, FinalOnly: true, Over: true}
	for _, p := range scores {
		s.Players = append(s.Players, Player{Name: p.Name, Scores: []int{p.Score}})
	}
	return json.Marshal(s)
}

// Named is the game's name on a sheet's state ("" when unreadable).
func Named(state []byte) string {
	var s struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(state, &s) != nil {
		return ""
	}
	return s.Name
}
