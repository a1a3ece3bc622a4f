package kodiak

import (
	"errors"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
)

func TestDecodeErrorsNameTheField(t *testing.T) {
	tests := []struct {
		name, body, field string
	}{
		{"unreadable token", `{"players":[{"name":"Ana","rounds":[{"cards":["1"]},{"cards":["2","mouse"]}]}]}`, "players[0].rounds[1].cards[1]"},
		{"card as a JSON number", `{"players":[{"name":"Ana"},{"name":"Ben","rounds":[{"cards":[3]}]}]}`, "players[1].rounds[0].cards[0]"},
		{"pounces not a number", `{"players":[{"name":"Ana","rounds":[{"pounces":"two"}]}]}`, "players[0].rounds[0].pounces"},
		{"hairballs not whole", `{"players":[{"name":"Ana","rounds":[{"hairballs_kept":1.5}]}]}`, "players[0].rounds[0].hairballs_kept"},
		{"kodiak not a bool", `{"players":[{"name":"Ana","rounds":[{"kodiak":1}]}]}`, "players[0].rounds[0].kodiak"},
		{"unknown round field", `{"players":[{"name":"Ana","rounds":[{"cambio":true}]}]}`, "players[0].rounds[0].cambio"},
		{"unknown player field", `{"players":[{"name":"Ana","kodiak":true}]}`, "players[0].kodiak"},
		{"missing name", `{"players":[{"name":"Ana"},{"rounds":[]}]}`, "players[1].name"},
		{"duplicate name", `{"players":[{"name":"Ana"},{"name":"ANA"}]}`, "players[1].name"},
		{"cycles 0", `{"players":[],"options":{"cycles":0}}`, "options.cycles"},
		{"cycles 21", `{"players":[],"options":{"cycles":21}}`, "options.cycles"},
		{"unknown option", `{"players":[],"options":{"rounds":3}}`, "options.rounds"},
		{"invalid JSON", `{`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Engine{}.Check([]byte(tt.body))
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("got %v, want *scoring.InputError", err)
			}
			if in.Field != tt.field || in.Message == "" {
				t.Errorf("field = %q (%s), want %q", in.Field, in.Message, tt.field)
			}
		})
	}
}

func TestDecode(t *testing.T) {
	s, err := Decode([]byte(`{"players":[{"name":"Ana","rounds":[{"kodiak":true,"cards":["Red King","hairball","v:5"],"pounces":1,"hairballs_kept":2,"hairballs_discarded":3}]}],"options":{"cycles":2}}`))
	if err != nil {
		t.Fatal(err)
	}
	r := s.Players[0].Rounds[0]
	if !r.Kodiak || r.Pounces != 1 || r.HairballsKept != 2 || r.HairballsDiscarded != 3 || s.Options.Cycles != 2 {
		t.Errorf("%+v %+v", r, s.Options)
	}
	if got := []string{r.Cards[0].String(), r.Cards[1].String(), r.Cards[2].String()}; got[0] != "red-king" || got[1] != "hairball" || got[2] != "v:5" {
		t.Errorf("cards %v", got)
	}
	if s, err = Decode([]byte(`{"players":[]}`)); err != nil || s.Options.Cycles != DefaultCycles {
		t.Errorf("default cycles: %+v %v", s.Options, err)
	}
}

func TestCardText(t *testing.T) {
	var c Card
	if err := c.UnmarshalText([]byte("HAIRBALL")); err != nil || !c.Hairball || c.Value() != 0 {
		t.Fatalf("%+v %v", c, err)
	}
	if b, _ := c.MarshalText(); string(b) != "hairball" || c.Title() != "Hairball" {
		t.Errorf("%q", b)
	}
	if err := c.UnmarshalText([]byte("sunlight")); err != nil || c.Hairball || c.Value() != 10 {
		t.Errorf("%+v %v", c, err)
	}
	if err := c.UnmarshalText([]byte("hair ball x")); err == nil {
		t.Error("accepted nonsense")
	}
}

// FuzzParseCard: never panics; a card's token parses back to the same card.
func FuzzParseCard(f *testing.F) {
	for _, s := range []string{"hairball", " HairBall ", "7", "v:-2", "peek-yours", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, tok string) {
		c, err := ParseCard(tok)
		if err != nil {
			return
		}
		back, err := ParseCard(c.String())
		if err != nil || back != c {
			t.Fatalf("%q -> %+v -> %q -> %+v, %v", tok, c, c.String(), back, err)
		}
		if c.Hairball && c.Value() != 0 {
			t.Fatal("a hairball has a card value") // ruling KOD-2
		}
	})
}

// FuzzCheck: Check never panics, never returns both a result and an error,
// and every total is the sum of its breakdown and of its rounds.
func FuzzCheck(f *testing.F) {
	f.Add(game)
	f.Add(`{"players":[{"name":"A","rounds":[{"kodiak":true,"cards":["hairball"],"pounces":9}]},{"name":"B","rounds":[{"kodiak":true,"hairballs_kept":-1}]}],"options":{"cycles":20}}`)
	f.Add(`{"players":[{"name":"A"}]}`)
	f.Fuzz(func(t *testing.T, body string) {
		r, err := Engine{}.Check([]byte(body))
		if err != nil {
			if r.Game != "" || r.Players != nil {
				t.Fatal("both a result and an error")
			}
			return
		}
		// No null lists, each total the sum of its breakdown and of its
		// rounds, no winners of an invalid or unfinished game (with every
		// other invariant of a result).
		scoringtest.Check(t, Engine{}, r)
	})
}
