package scoring

import (
	"errors"
	"testing"
)

func TestDecodeNamesTheField(t *testing.T) {
	type player struct {
		Name    string `json:"name"`
		Tokens  int    `json:"tokens"`
		Display struct {
			Red string `json:"red"`
		} `json:"display"`
	}
	type state struct {
		Players []player `json:"players"`
	}
	tests := []struct {
		name, body, field string
	}{
		{"wrong type", `{"players":[{"name":"A","tokens":"x"}]}`, "players.tokens"},
		{"unknown field", `{"players":[],"colour":1}`, "colour"},
		{"nested type", `{"players":[{"display":{"red":3}}]}`, "players.display.red"},
		{"syntax", `{"players":`, ""},
		{"empty", ``, ""},
		{"trailing", `{} {}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s state
			err := Decode([]byte(tt.body), &s, "")
			var in *InputError
			if !errors.As(err, &in) {
				t.Fatalf("got %v, want *InputError", err)
			}
			if in.Field != tt.field {
				t.Errorf("field = %q (%s), want %q", in.Field, in.Message, tt.field)
			}
			if in.Message == "" {
				t.Error("empty message")
			}
		})
	}
}
