package runemarket

import (
	"encoding/json"
	"slices"
	"strings"

	"tablemate/scoring"
)

// Setup is how a guided game starts: the market as laid out (its piles of
// red and blue runes, boat shelters and bandits, counted by the table) and
// the player who starts.
type Setup struct {
	Market Market `json:"market"`
	First  string `json:"first"`
}

// ParseSetup reads a setup strictly; unreadable input is a
// *scoring.InputError naming the field.
func ParseSetup(raw []byte) (Setup, error) {
	var top struct {
		Market json.RawMessage `json:"market"`
		First  string          `json:"first"`
	}
	if err := scoring.Decode(raw, &top, ""); err != nil {
		return Setup{}, err
	}
	s := Setup{First: top.First}
	if len(top.Market) > 0 {
		// Decoded on its own so an unknown pile names its full path.
		if err := scoring.Decode(top.Market, &s.Market, "market"); err != nil {
			return Setup{}, err
		}
	}
	s.First = strings.TrimSpace(s.First)
	return s, nil
}

// actions are the steps ParseStep accepts.
var actions = []Action{DoInterest, DoBuy, DoRansom, DoPlace, DoRune, DoShelter, DoThief, DoDoubleTheft, DoDuel, DoDraw, DoFinish}

// ParseStep reads one guided step, e.g. {"do":"rune","cards":[2,3],"colour":"red"}.
// An unknown field or action is a *scoring.InputError naming it.
func ParseStep(raw []byte) (Step, error) {
	return parseStepAt(raw, "step")
}

func parseStepAt(raw []byte, field string) (Step, error) {
	// steal is read on its own: one theft may be written as the theft
	// itself ({"from": …}) or as a list of one, as docs/api-rune-market-
	// play.md says ("steal: 1 theft").
	var w struct {
		Step
		Steal json.RawMessage `json:"steal"`
	}
	if err := scoring.Decode(raw, &w, field); err != nil {
		return Step{}, err
	}
	s := w.Step
	if len(w.Steal) > 0 {
		sf := scoring.Join(field, "steal")
		if w.Steal[0] == '{' {
			var t Theft
			if err := scoring.Decode(w.Steal, &t, sf); err != nil {
				return Step{}, err
			}
			s.Steal = []Theft{t}
		} else if err := scoring.Decode(w.Steal, &s.Steal, sf); err != nil {
			return Step{}, err
		}
	}
	if !slices.Contains(actions, s.Do) {
		return Step{}, scoring.Errorf(scoring.Join(field, "do"), "%q is not a move of The Rune Market", scoring.Name(s.Do))
	}
	return s, nil
}

// StepJSON is the JSON of a step, as a table records it.
func StepJSON(s Step) []byte {
	b, _ := json.Marshal(s)
	return b
}

// PlayState is a position as the play API shows it. Players are the
// ledgers in the /score request's shape plus their number of hand cards.
type PlayState struct {
	Market   Market          `json:"market"`
	Turn     int             `json:"turn"`
	Player   string          `json:"player"` // to move; "" once the market is empty
	Phase    Phase           `json:"phase"`
	GameOver bool            `json:"game_over"`
	Interest *InterestReport `json:"interest"` // this turn's, once taken
	TieBreak string          `json:"tie_break,omitempty"`
	Players  []Seat          `json:"players"`
	// tieBreak is TieBreak as a phrase (Said).
	tieBreak scoring.Phrase
}

// View is the position as the play API shows it.
func (p Position) View() PlayState {
	need := p.Needs()
	return PlayState{Market: p.Market, Turn: p.Turn, Player: p.ToMove(), Phase: p.Phase, GameOver: p.Over(),
		Interest: p.Interest, TieBreak: need.Question, tieBreak: need.Phrase, Players: p.clone().Players}
}

// Said is the view with its sentences (the open tie-break, the interest
// report) said by say (scoring.SaidView).
func (v PlayState) Said(say scoring.Sayer) PlayState {
	if v.TieBreak != "" && !v.tieBreak.IsZero() {
		v.TieBreak = say(v.tieBreak)
	}
	if v.Interest != nil {
		r := v.Interest.Said(say)
		v.Interest = &r
	}
	return v
}

// Rules are The Rune Market's guided play for scoring.Play: the setup is
// the market and who starts (Setup), a step one move (Step).
type Rules struct{}

var _ scoring.Rules[Position, Step, PlayState] = Rules{}

// Start sets a game up from a recorded setup (ParseSetup, Start).
func (Rules) Start(players []string, setup []byte) (Position, error) {
	s, err := ParseSetup(setup)
	if err != nil {
		return Position{}, err
	}
	return Start(players, s.Market, s.First)
}

// ReadStep reads a recorded step (ParseStep).
func (Rules) ReadStep(raw []byte, field string) (Step, error) { return parseStepAt(raw, field) }

// Final is the final ledgers as a score-check request.
func (Rules) Final(p Position) any { return p.Final() }

// Score checks and scores the ledgers so far.
func (Rules) Score(p Position) scoring.Result { return Score(p.Final()) }

// ReadRequest reads POST /api/v1/games/rune-market/play: {"players":
// [...], "market": {...}, "first": "Ana", "steps": [...]}. Bad names and
// (once the steps are read) a setup the rules refuse are
// *scoring.InputError naming the field.
func (Rules) ReadRequest(players []string, setup []byte) (scoring.Request[Position, Step], error) {
	var req Setup
	if err := scoring.Decode(setup, &req, ""); err != nil {
		return scoring.Request[Position, Step]{}, err
	}
	names, err := scoring.PlayerList(players)
	if err != nil {
		return scoring.Request[Position, Step]{}, err
	}
	return scoring.Request[Position, Step]{Start: func() (Position, error) {
		pos, err := Start(names, req.Market, req.First)
		if se, ok := err.(*StepError); ok {
			field := map[string]string{"player_count": "players", "unknown_player": "first"}[se.Code]
			if field == "" {
				field = "market"
			}
			return pos, scoring.Errorf(field, "%s (ruling %s)", se.Phrase, scoring.Name(se.Rule))
		}
		return pos, err
	}}, nil
}
