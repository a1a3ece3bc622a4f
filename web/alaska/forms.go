package alaska

import (
	"encoding/json"
	"net/url"
	"strconv"

	"tablemate/scoring"
	"tablemate/scoring/alaska"
	"tablemate/views"
	"tablemate/web/kit"
)

// alaskaEditor enters the salmon each player caught (ruling ALA-1).
func alaskaEditor() kit.Editor {
	return kit.Counters{
		Title: "Alaska", Noun: scoring.Phrasef("catch"), Slots: alaska.MaxPlayers,
		Intro: scoring.Phrasef("Count the salmon each player caught and laid next to them."),
		Fields: func(i int, _ []string) []views.CounterField {
			return []views.CounterField{kit.NumberField(i, "salmon", scoring.Phrasef("Salmon caught"), scoring.Phrase{})}
		},
		// Ruling ALA-2's other reading, recorded with the game (a game
		// played along keeps it); the count is the same either way.
		Options: func([]string) []views.CounterField {
			return []views.CounterField{{Kind: "check", Name: "options.angler_catch", ID: "angler-catch",
				Label: scoring.Phrasef("Played with anglers catching on contact (the other reading of rule ALA-2)"),
				Hint:  scoring.Phrasef("Only records how the game was played: salmon are counted the same either way.")}}
		},
		Player: func(v url.Values, i int, name string) (any, error) {
			n, err := kit.Number(v, views.PField(i, "salmon"), "salmon caught")
			return alaska.Player{Name: name, Salmon: n}, err
		},
		State: func(v url.Values, players []any) any {
			st := map[string]any{"players": players}
			if v.Get("options.angler_catch") == "1" {
				st["options"] = alaska.Options{AnglerCatch: alaska.OnContact}
			}
			return st
		},
		Values: func(state json.RawMessage) url.Values {
			var st alaska.State
			v := url.Values{}
			if json.Unmarshal(state, &st) == nil {
				for i, p := range st.Players {
					v.Set(views.PField(i, "name"), p.Name)
					v.Set(views.PField(i, "salmon"), strconv.Itoa(p.Salmon))
				}
				if st.Options.OnContact() {
					v.Set("options.angler_catch", "1")
				}
			}
			return v
		},
	}.Editor()
}
