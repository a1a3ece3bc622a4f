package main

import (
	"encoding/json"
	"net/url"
	"strconv"

	"tablemate/scoring/alaska"
	"tablemate/views"
	"tablemate/views/i18n"
)

type alaskaPlayer struct {
	Name   string `json:"name"`
	Salmon int    `json:"salmon"`
}

// alaskaEditor enters the salmon each player caught (ruling ALA-1).
func alaskaEditor() editor {
	return counterSpec{
		title: "Alaska", noun: i18n.Key("catch"), slots: alaska.MaxPlayers,
		intro: i18n.Key("Count the salmon each player caught and laid next to them."),
		fields: func(i int, _ []string) []views.CounterField {
			return []views.CounterField{numberField(i, "salmon", i18n.Key("Salmon caught"), "")}
		},
		player: func(v url.Values, i int, name string) (any, error) {
			n, err := number(v, pfield(i, "salmon"), "salmon caught")
			return alaskaPlayer{Name: name, Salmon: n}, err
		},
		state: func(_ url.Values, players []any) any { return map[string]any{"players": players} },
		values: func(state json.RawMessage) url.Values {
			var st struct{ Players []alaskaPlayer }
			v := url.Values{}
			if json.Unmarshal(state, &st) == nil {
				for i, p := range st.Players {
					v.Set(pfield(i, "name"), p.Name)
					v.Set(pfield(i, "salmon"), strconv.Itoa(p.Salmon))
				}
			}
			return v
		},
	}.editor()
}
