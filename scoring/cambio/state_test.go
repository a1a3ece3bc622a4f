package cambio

import (
	"errors"
	"strings"
	"testing"

	"tablemate/scoring"
)

func TestDecodeErrorsNameTheField(t *testing.T) {
	tests := []struct {
		name, body, field string
	}{
		{"unreadable token", `{"players":[{"name":"Ana","rounds":[{"cards":["1"]}]},{"name":"Ben","rounds":[{"cards":["1"]},{"cards":["2","joker"]}]}]}`, "players[1].rounds[1].cards[1]"},
		{"number 14", `{"players":[{"name":"Ana","rounds":[{"cards":["14"]}]}]}`, "players[0].rounds[0].cards[0]"},
		{"hairball is not a Cambio card", `{"players":[{"name":"Ana","rounds":[{"cards":["hairball"]}]}]}`, "players[0].rounds[0].cards[0]"},
		{"card as a JSON number", `{"players":[{"name":"Ana","rounds":[{"cards":["1",7]}]}]}`, "players[0].rounds[0].cards[1]"},
		{"cambio not a bool", `{"players":[{"name":"Ana","rounds":[{"cards":[],"cambio":"yes"}]}]}`, "players[0].rounds[0].cambio"},
		{"unknown round field", `{"players":[{"name":"Ana","rounds":[{"cards":[],"points":3}]}]}`, "players[0].rounds[0].points"},
		{"unknown player field", `{"players":[{"name":"Ana","score":3}]}`, "players[0].score"},
		{"rounds not a list", `{"players":[{"name":"Ana","rounds":{}}]}`, "players[0].rounds"},
		{"unknown top field", `{"players":[],"round":1}`, "round"},
		{"missing name", `{"players":[{"rounds":[]}]}`, "players[0].name"},
		{"duplicate name", `{"players":[{"name":"Ana"},{"name":" ana "}]}`, "players[1].name"},
		{"bad tie option", `{"players":[],"options":{"cambio_tie":"coin"}}`, "options.cambio_tie"},
		{"unknown option", `{"players":[],"options":{"tie":"reward"}}`, "options.tie"},
		{"target 0", `{"players":[],"options":{"target":0}}`, "options.target"},
		{"target too big", `{"players":[],"options":{"target":1001}}`, "options.target"},
		{"invalid JSON", `{"players":[`, ""},
		{"empty body", ``, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Engine{}.Check([]byte(tt.body))
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("got %v (%+v), want *scoring.InputError", err, r)
			}
			if in.Field != tt.field || in.Message == "" {
				t.Errorf("field = %q (%s), want %q", in.Field, in.Message, tt.field)
			}
		})
	}
}

func TestDecodeOptions(t *testing.T) {
	s, err := Decode([]byte(`{"players":[{"name":"Ana","rounds":[{"cards":[" Red King ","v:3"],"cambio":true}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if s.Options != (Options{CambioTie: TieReward, Target: DefaultTarget}) {
		t.Errorf("defaults %+v", s.Options)
	}
	if got := s.Players[0].Rounds[0]; !got.Cambio || got.Cards[0] != (Card{Kind: RedKing}) || got.Cards[1] != (Card{Kind: Corner, N: 3}) {
		t.Errorf("round %+v", got)
	}
	s, err = Decode([]byte(`{"players":[],"options":{"cambio_tie":"penalty","target":100}}`))
	if err != nil || s.Options.Tie() != TiePenalty || s.Options.Limit() != 100 {
		t.Errorf("%+v %v", s.Options, err)
	}
	if (Options{}).Tie() != TieReward || (Options{}).Limit() != 50 {
		t.Error("zero options are not the rule text's game")
	}
	// API.md: null where a list or object is required is a wrong type;
	// options may be omitted or null (the rule text's game), and a
	// round's cards may be null for a hand with no cards left (the
	// result editor wrote such rounds so, and the log keeps them).
	s, err = Decode([]byte(`{"players":[{"name":"Ana","rounds":[{"cards":null}]}],"options":null}`))
	if err != nil || len(s.Players[0].Rounds[0].Cards) != 0 {
		t.Errorf("null options and cards: %+v %v", s, err)
	}
	for body, field := range map[string]string{
		`{"players":[{"name":"Ana","rounds":[{"cards":[]},null]}]}`:    "players[0].rounds[1]",
		`{"players":[{"name":"Ana","rounds":null}]}`:                   "players[0].rounds",
		`{"players":[{"name":"Ana","rounds":[{"cambio":null}]}]}`:      "players[0].rounds[0].cambio",
		`{"players":[{"name":"Ana","rounds":[{"cards":["1",null]}]}]}`: "players[0].rounds[0].cards[1]",
		`{"players":null}`: "players",
	} {
		var in *scoring.InputError
		if _, err := Decode([]byte(body)); !errors.As(err, &in) || in.Field != field || !strings.Contains(in.Message, "not a JSON null") {
			t.Errorf("%s: %v, want a wrong type on %s", body, err, field)
		}
	}
	big := `{"players":[{"name":"` + strings.Repeat("a", scoring.MaxBody) + `"}]}`
	if _, err := Decode([]byte(big)); err == nil {
		t.Error("more than 1 MiB accepted")
	}
}

// FuzzCheck: Check never panics, never returns both a result and an error,
// and every total is the sum of its breakdown and of its rounds.
func FuzzCheck(f *testing.F) {
	f.Add(`{"players":[{"name":"Ana","rounds":[{"cards":["7","red-king","swap"],"cambio":true},{"cards":[]}]},{"name":"Ben","rounds":[{"cards":["3","blue-king"]},{"cards":["1","2"]}]}],"options":{"cambio_tie":"reward"}}`)
	f.Add(`{"players":[{"name":"A","rounds":[{"cards":["13","13","13","13"],"cambio":true},{"cards":["v:1"]}]},{"name":"B","rounds":[{"cards":["0"],"cambio":true}]}],"options":{"target":5}}`)
	f.Add(`{"players":[{"name":"A"}]}`)
	f.Fuzz(func(t *testing.T, body string) {
		r, err := Engine{}.Check([]byte(body))
		if err != nil {
			if r.Game != "" || r.Players != nil {
				t.Fatal("both a result and an error")
			}
			return
		}
		if r.Violations == nil || r.Winners == nil {
			t.Fatal("nil arrays")
		}
		for _, p := range r.Players {
			sum := 0
			for _, x := range p.Rounds {
				sum += x
			}
			if p.Total != scoring.Sum(p.Breakdown) || p.Total != sum {
				t.Fatalf("%s: total %d, breakdown %v, rounds %v", p.Name, p.Total, p.Breakdown, p.Rounds)
			}
		}
		if len(r.Winners) > 0 && (!r.Valid || !r.GameOver) {
			t.Fatal("winners in an invalid or unfinished game")
		}
	})
}
