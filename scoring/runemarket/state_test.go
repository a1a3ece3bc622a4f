package runemarket

import (
	"errors"
	"testing"

	"tablemate/scoring"
	"tablemate/scoring/scoringtest"
)

func TestDecodeErrors(t *testing.T) {
	tests := []struct{ name, body, field string }{
		{"syntax", `{"players":[`, ""},
		{"empty", ``, ""},
		{"players not a list", `{"players":{}}`, "players"},
		{"unknown top field", `{"players":[],"market":3}`, "market"},
		{"unknown player field", `{"players":[{"name":"Ana","gold":1}]}`, "players[0].gold"},
		{"loose runes type", `{"players":[{"name":"Ana"},{"name":"Ben","runes":{"red":"2"}}]}`, "players[1].runes.red"},
		{"unknown rune colour", `{"players":[{"name":"Ana","runes":{"green":2}}]}`, "players[0].runes.green"},
		{"shelter runes type", `{"players":[{"name":"Ana","shelters":[{"colour":"red"},{"colour":"blue","runes":1.5}]}]}`, "players[0].shelters[1].runes"},
		{"shelter colour", `{"players":[{"name":"Ana"},{"name":"Ben","shelters":[{"colour":"green"}]}]}`, "players[1].shelters[0].colour"},
		{"shelter without colour", `{"players":[{"name":"Ana","shelters":[{"runes":1}]}]}`, "players[0].shelters[0].colour"},
		{"shelter unknown field", `{"players":[{"name":"Ana","shelters":[{"colour":"red","boat":true}]}]}`, "players[0].shelters[0].boat"},
		{"bandit not a name", `{"players":[{"name":"Ana","shelters":[{"colour":"red","bandit":true}]}]}`, "players[0].shelters[0].bandit"},
		{"boat shelter colour", `{"players":[{"name":"Ana","boat_shelters":[{},{"colour":"yellow"}]}]}`, "players[0].boat_shelters[1].colour"},
		{"boat shelter runes without colour", `{"players":[{"name":"Ana","boat_shelters":[{"runes":2}]}]}`, "players[0].boat_shelters[0].colour"},
		{"number card type", `{"players":[{"name":"Ana","highest_number_card":"9"}]}`, "players[0].highest_number_card"},
		{"missing name", `{"players":[{"name":"Ana"},{"name":" "}]}`, "players[1].name"},
		{"duplicate name", `{"players":[{"name":"Ana"},{"name":"ANA"}]}`, "players[1].name"},
		{"unknown option", `{"players":[],"options":{"winner":"Ana"}}`, "options.winner"},
		{"rps winner type", `{"players":[],"options":{"rps_winner":1}}`, "options.rps_winner"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Engine{}.Check([]byte(tt.body))
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("got %v, want *scoring.InputError", err)
			}
			if in.Field != tt.field {
				t.Errorf("field = %q (%s), want %q", in.Field, in.Message, tt.field)
			}
		})
	}
}

func TestDecodeNormalises(t *testing.T) {
	s, err := Decode([]byte(`{"players":[{"name":"Ana","shelters":[{"colour":" Red ","bandit":" Ben "}],"boat_shelters":[{"colour":"BLUE","runes":1}],"highest_number_card":0},{"name":"Ben"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	a := s.Players[0]
	if a.Shelters[0].Colour != Red || a.Shelters[0].Bandit != "Ben" || a.BoatShelters[0].Colour != Blue {
		t.Errorf("got %+v", a)
	}
	if a.HighestNumberCard == nil || *a.HighestNumberCard != 0 || s.Players[1].HighestNumberCard != nil {
		t.Error("highest_number_card: 0 must differ from not entered")
	}
}

func FuzzCheck(f *testing.F) {
	f.Add([]byte(`{"players":[{"name":"Ana","runes":{"red":5},"highest_number_card":9},{"name":"Ben","runes":{"red":5}}]}`))
	f.Add([]byte(`{"players":[{"name":"Ana","shelters":[{"colour":"red","runes":3,"boat_shelter":true},{"colour":"blue","runes":1,"bandit":"Ben"}],"boat_shelters":[{"colour":"red","runes":1}]},{"name":"Ben"}],"options":{"rps_winner":"Ben"}}`))
	f.Add([]byte(`{"players":[{"name":"Ana","boat_shelters":[{},{}]},{"name":"Ben","boat_shelters":[{}],"runes":{"blue":1}}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		r, err := Engine{}.Check(body)
		if err != nil {
			var in *scoring.InputError
			if !errors.As(err, &in) {
				t.Fatalf("error %v is not an InputError", err)
			}
			if r.Game != "" {
				t.Fatal("a result came with an error")
			}
			return
		}
		// No null lists, each total the sum of its breakdown (with every
		// other invariant of a result).
		scoringtest.Check(t, Engine{}, r)
		if !r.Valid && (len(r.Winners) > 0 || r.TieBreak != "") {
			t.Fatal("winners or a tie-break question on an invalid state")
		}
		if r.Valid && len(r.Winners) > 1 && r.TieBreak == "" {
			t.Fatalf("%v share the win but no tie-break question is open", r.Winners)
		}
	})
}
