package kociaki

import (
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strings"

	"tablemate/scoring"
)

// Setup is how a guided game starts: the colour (and, for the record,
// the piece) of the tile laid face up in the middle, who holds the start
// marker in round 1 (a name; empty = the first seat) and the scoring
// options, written as in a score request's "options".
//
// Seats, when given, are the players seated when the game started: the
// guided game keeps them even if someone joins the table mid-game, since
// the seats fix the chip removal, the hands and the turn order (KOC-1,
// KOC-3). The web set-up records them; without them the table's players
// are the seats.
type Setup struct {
	Seats      []string        `json:"seats,omitempty"`
	StartTile  string          `json:"start_tile"`
	StartPiece string          `json:"start_piece,omitempty"`
	Starter    string          `json:"starter,omitempty"`
	Options    json.RawMessage `json:"options,omitempty"`
}

// MaxPieceLen bounds a piece of furniture's name.
const MaxPieceLen = 40

// Opening is a read Setup: the seats (nil = the table's players), the
// start tile, the starter's name ("" = the first seat) and the options
// with their defaults filled in.
type Opening struct {
	Seats   []string
	Start   Tile
	Starter string
	Options Options
}

// ParseSetup reads a setup; an unreadable one is a *scoring.InputError
// naming the field (start_tile, start_piece, options.variant, …).
func ParseSetup(raw []byte) (Opening, error) {
	var s Setup
	if err := scoring.Decode(raw, &s, ""); err != nil {
		return Opening{}, err
	}
	return readSetup(s, "")
}

func readSetup(s Setup, prefix string) (Opening, error) {
	c, ok := ParseColour(s.StartTile)
	if !ok {
		return Opening{}, scoring.Errorf(scoring.Join(prefix, "start_tile"), "the start tile's colour is one of %s, not %q (ruling KOC-3)", colourList(), scoring.Name(s.StartTile))
	}
	piece, err := readPiece(s.StartPiece, scoring.Join(prefix, "start_piece"))
	if err != nil {
		return Opening{}, err
	}
	o, err := decodeOptions(s.Options)
	if err != nil {
		if in, ok := errors.AsType[*scoring.InputError](err); ok && prefix != "" {
			in.Field = scoring.Join(prefix, in.Field)
		}
		return Opening{}, err
	}
	return Opening{Seats: s.Seats, Start: Tile{Colour: c, Piece: piece}, Starter: strings.TrimSpace(s.Starter), Options: o}, nil
}

func readPiece(s, field string) (string, error) {
	piece := strings.TrimSpace(s)
	if len([]rune(piece)) > MaxPieceLen {
		return "", scoring.Errorf(field, "a piece of furniture is named in at most %d characters", MaxPieceLen)
	}
	return piece, nil
}

// WireStep is a step as JSON: exactly one of
//
//	{"tile": "yellow", "piece": "table"}            the start player's tile
//	{"crossed": [{"toy": 3}, {"toy": 7, "chip": 3}]} a player's turn
//	{"crossed": [{"toy": 5, "empty": true}]}         … an empty pile
//	{"crossed": []}                                  … no toy crossed
//	{"short": true}                                  … not enough string (round 12)
//	{"string_left": {"Ola": 35, "Ben": 20}}          after round 12, on a tie
type WireStep struct {
	Tile       *string            `json:"tile"`
	Piece      string             `json:"piece"`
	Crossed    *[]WireTake        `json:"crossed"`
	Short      bool               `json:"short"`
	StringLeft map[string]float64 `json:"string_left"`
}

// WireTake is one toy crossed in a turn's step, as sent.
type WireTake struct {
	Toy   *int `json:"toy"`
	Chip  int  `json:"chip,omitempty"`
	Empty bool `json:"empty,omitempty"`
}

// ParseStep reads one guided step (see WireStep for the forms).
func ParseStep(raw []byte) (Step, error) { return decodeStep(raw, "step") }

func decodeStep(raw []byte, field string) (Step, error) {
	var w WireStep
	if err := scoring.Decode(raw, &w, field); err != nil {
		return Step{}, err
	}
	kinds := 0
	for _, set := range []bool{w.Tile != nil, w.Crossed != nil || w.Short, w.StringLeft != nil} {
		if set {
			kinds++
		}
	}
	if kinds != 1 {
		return Step{}, scoring.Errorf(field, `a step is one of {"tile": colour}, {"crossed": [toys]} or {"short": true}, and {"string_left": {name: length}}`)
	}
	switch {
	case w.Tile != nil:
		c, ok := ParseColour(*w.Tile)
		if !ok {
			return Step{}, scoring.Errorf(scoring.Join(field, "tile"), "a furniture tile is %s, not %q (ruling KOC-3)", colourList(), scoring.Name(*w.Tile))
		}
		piece, err := readPiece(w.Piece, scoring.Join(field, "piece"))
		if err != nil {
			return Step{}, err
		}
		return Step{Kind: PlayTile, Tile: Tile{Colour: c, Piece: piece}}, nil
	case w.Piece != "":
		return Step{}, scoring.Errorf(scoring.Join(field, "piece"), "a piece goes with the tile played")
	case w.StringLeft != nil:
		for name, v := range w.StringLeft {
			if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
				return Step{}, scoring.Errorf(scoring.Join(field, "string_left."+name), "the string left is a length of 0 or more")
			}
		}
		return Step{Kind: MeasureString, StringLeft: w.StringLeft}, nil
	}
	s := Step{Kind: PullString, Short: w.Short}
	if w.Crossed != nil {
		for i, t := range *w.Crossed {
			f := scoring.Index(scoring.Join(field, "crossed"), i)
			if t.Toy == nil {
				return Step{}, scoring.Errorf(scoring.Join(f, "toy"), "name the toy crossed (1–10)")
			}
			s.Crossed = append(s.Crossed, Take{Toy: *t.Toy, Chip: t.Chip, Empty: t.Empty})
		}
	}
	return s, nil
}

// StepJSON is the JSON of a step, as a table records it.
func StepJSON(s Step) []byte {
	var w any
	switch s.Kind {
	case PlayTile:
		t := map[string]string{"tile": string(s.Tile.Colour)}
		if s.Tile.Piece != "" {
			t["piece"] = s.Tile.Piece
		}
		w = t
	case MeasureString:
		w = map[string]any{"string_left": s.StringLeft}
	default:
		m := map[string]any{}
		if s.Short {
			m["short"] = true
		}
		if !s.Short || len(s.Crossed) > 0 { // short with toys stays as sent, for the engine to refuse (KOC-5)
			takes := make([]WireTake, len(s.Crossed))
			for i, t := range s.Crossed {
				takes[i] = WireTake{Toy: &t.Toy, Chip: t.Chip, Empty: t.Empty}
			}
			m["crossed"] = takes
		}
		w = m
	}
	b, _ := json.Marshal(w)
	return b
}

// begin starts a position from a read setup; an unknown starter is an
// *scoring.InputError on field.
func begin(players []string, s Opening, field string) (Position, error) {
	starter := 0
	if s.Starter != "" {
		starter = slices.IndexFunc(players, func(n string) bool { return strings.EqualFold(strings.TrimSpace(n), s.Starter) })
		if starter < 0 {
			return Position{}, scoring.Errorf(field, "%q holds the start marker but does not play at this table", scoring.Name(s.Starter))
		}
	}
	return Start(players, s.Start, starter, s.Options)
}

// PlayState is a position as the play API shows it. Players are in the
// /score request's shape, so a finished state can be posted to /score.
type PlayState struct {
	Round       int        `json:"round"`
	Phase       string     `json:"phase"` // "tile", "turn", "string_left" or "over"
	StartPlayer string     `json:"start_player"`
	ToAct       string     `json:"to_act"` // "" when no single player acts
	LastTile    string     `json:"last_tile"`
	Tiles       []TileJSON `json:"tiles"`
	Piles       []PileJSON `json:"piles"`
	Tied        []string   `json:"tied"`            // asked for their string left
	Short       []string   `json:"short_of_string"` // took nothing in round 12
	Players     []Player   `json:"players"`
	Options     Options    `json:"options"`
}

// TileJSON is a tile played and who played it.
type TileJSON struct {
	Round  int    `json:"round"`
	Colour string `json:"colour"`
	Piece  string `json:"piece,omitempty"`
	By     string `json:"by"`
}

// PileJSON is one toy pile: chips taken, chips left and what the next
// taker may get (ruling KOC-2).
type PileJSON struct {
	Toy        int   `json:"toy"`
	Taken      []int `json:"taken"`
	Left       int   `json:"left"`
	Next       []int `json:"next"`
	MayBeEmpty bool  `json:"may_be_empty"`
}

// PhaseName is the phase as the API writes it.
func (p Position) PhaseName() string {
	switch p.Phase() {
	case WaitTile:
		return "tile"
	case WaitTurn:
		return "turn"
	case WaitString:
		return "string_left"
	}
	return "over"
}

// View is the position as the play API shows it.
func (p Position) View() PlayState {
	v := PlayState{Round: p.Round(), Phase: p.PhaseName(), ToAct: p.ToMove(), LastTile: p.LastTile().String(),
		Tiles: []TileJSON{}, Piles: []PileJSON{}, Tied: []string{}, Short: []string{}, Players: p.Final().Players, Options: p.Options}
	if len(p.Players) > 0 {
		v.StartPlayer = p.Players[p.StartSeat()].Name
	}
	for i, t := range p.Tiles {
		v.Tiles = append(v.Tiles, TileJSON{Round: i + 1, Colour: string(t.Tile.Colour), Piece: t.Tile.Piece, By: p.Players[t.By].Name})
	}
	for toy := 1; toy <= Toys; toy++ {
		pl := p.Pile(toy)
		v.Piles = append(v.Piles, PileJSON{Toy: toy, Taken: slices.Clone(pl.Taken), Left: p.ChipsLeft(toy), Next: pl.Next, MayBeEmpty: pl.MayBeEmpty})
	}
	if p.Phase() == WaitString {
		v.Tied = p.TiedForWin()
	}
	for _, s := range p.Players {
		if s.Short {
			v.Short = append(v.Short, s.Name)
		}
	}
	return v
}

// Rules are Kociaki Łobuziaki's guided play for scoring.Play: the setup
// is the start tile, the start marker and the options (Setup), a step a
// tile, a turn or the string left (Step).
type Rules struct{}

var _ scoring.Rules[Position, Step, PlayState] = Rules{}

// Start sets a guided game up from a recorded setup. The seats it names
// (players only ever join a table, so they come first) play it, even if
// someone joined the table since.
func (Rules) Start(players []string, setup []byte) (Position, error) {
	s, err := ParseSetup(setup)
	if err != nil {
		return Position{}, err
	}
	if s.Seats != nil {
		if len(s.Seats) > len(players) || !slices.Equal(s.Seats, players[:len(s.Seats)]) {
			return Position{}, scoring.Errorf("seats", "the guided game was started by %s, who are not all at this table", s.Seats)
		}
		players = s.Seats
	}
	return begin(players, s, "starter")
}

// ReadStep reads a recorded step (see WireStep for the forms).
func (Rules) ReadStep(raw []byte, field string) (Step, error) { return decodeStep(raw, field) }

// Final is the chips, the string left (if a tie asked for it) and the
// options as a score-check request.
func (Rules) Final(p Position) any { return p.Final() }

// Score checks and scores the chips so far.
func (Rules) Score(p Position) scoring.Result { return Score(p.Final()) }

// ReadRequest reads POST /api/v1/games/kociaki-lobuziaki/play: the
// players and the setup's fields beside them ("players" replaces
// "seats"). Bad names, an unknown colour or option, and (once the steps
// are read) a setup the rules refuse are *scoring.InputError naming the
// field.
func (Rules) ReadRequest(players []string, setup []byte) (scoring.Request[Position, Step], error) {
	var req Setup
	if err := scoring.Decode(setup, &req, ""); err != nil {
		return scoring.Request[Position, Step]{}, err
	}
	if _, err := scoring.PlayerList(players); err != nil {
		return scoring.Request[Position, Step]{}, err
	}
	if req.Seats != nil {
		return scoring.Request[Position, Step]{}, scoring.Errorf("seats", "name the players in \"players\"")
	}
	s, err := readSetup(req, "")
	if err != nil {
		return scoring.Request[Position, Step]{}, err
	}
	return scoring.Request[Position, Step]{Start: func() (Position, error) {
		pos, err := begin(players, s, "starter")
		if se, ok := errors.AsType[*StepError](err); ok {
			field := "start_tile"
			if se.Code == "player_count" {
				field = "players"
			}
			return pos, scoring.Errorf(field, "%s (ruling %s)", se.Phrase, scoring.Name(se.Rule))
		}
		return pos, err
	}}, nil
}
