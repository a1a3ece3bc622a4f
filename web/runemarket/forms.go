package runemarket

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"tablemate/scoring"
	"tablemate/scoring/runemarket"
	"tablemate/views"
	"tablemate/web/kit"
)

var rmColours = []string{runemarket.Red, runemarket.Blue}

// runeMarketEditor enters each player's table cards at the end: loose
// runes, the red and blue shelters with what is in them, stand-alone boat
// shelters, and what the tie-break may need.
func runeMarketEditor() kit.Editor {
	return kit.Counters{
		Title: "The Rune Market", Noun: scoring.Phrasef("table cards"), Slots: runemarket.MaxPlayers,
		Intro: scoring.Phrasef("Enter what lies in front of each player when the market's last rune is taken."),
		Fields: func(i int, names []string) []views.CounterField {
			var f []views.CounterField
			for _, c := range rmColours {
				f = append(f, kit.NumberField(i, "runes."+c, rmLabel(c, scoring.Phrasef("Red runes lying loose"), scoring.Phrasef("Blue runes lying loose")), scoring.Phrase{}))
			}
			for _, c := range rmColours {
				base := c + "_shelter"
				f = append(f,
					views.CounterField{Kind: "check", Name: views.PField(i, base), ID: kit.CounterID(i, base), Label: rmLabel(c, scoring.Phrasef("Has a red shelter"), scoring.Phrasef("Has a blue shelter"))},
					kit.NumberField(i, base+".runes", rmLabel(c, scoring.Phrasef("red runes in the red shelter"), scoring.Phrasef("blue runes in the blue shelter")), scoring.Phrase{}),
					views.CounterField{Kind: "check", Name: views.PField(i, base+".boat"), ID: kit.CounterID(i, base+".boat"), Label: rmLabel(c, scoring.Phrasef("A boat shelter inside the red shelter"), scoring.Phrasef("A boat shelter inside the blue shelter"))},
					views.CounterField{Kind: "choice", Name: views.PField(i, base+".bandit"), ID: kit.CounterID(i, base+".bandit"),
						Label: rmLabel(c, scoring.Phrasef("Bandit in the red shelter, bought by"), scoring.Phrasef("Bandit in the blue shelter, bought by")), None: scoring.Phrasef("no bandit"), Choices: kit.OtherPlayers(names, i)},
				)
			}
			for _, c := range rmColours {
				f = append(f, views.CounterField{Kind: "check", Name: views.PField(i, "boat_shelters."+c), ID: kit.CounterID(i, "boat_shelters."+c),
					Label: rmLabel(c, scoring.Phrasef("A stand-alone red boat shelter"), scoring.Phrasef("A stand-alone blue boat shelter")), Hint: scoring.Phrasef("Count runes inside it with the loose runes.")})
			}
			h := kit.NumberField(i, "highest_number_card", scoring.Phrasef("Highest number card in hand"), scoring.Phrasef("Only needed if the top totals tie; leave empty otherwise."))
			h.Kind = "number-optional"
			return append(f, h)
		},
		Options: func(names []string) []views.CounterField {
			return []views.CounterField{{Kind: "choice", Name: "options.rps_winner", ID: "rps-winner",
				Label: scoring.Phrasef("Rock-paper-scissors winner (last tie-break)"), None: scoring.Phrasef("not played"), Choices: names}}
		},
		Player: func(v url.Values, i int, name string) (any, error) {
			// The engine's request (docs/api-rune-market.md).
			p := runemarket.Player{Name: name, Shelters: []runemarket.Shelter{}, BoatShelters: []runemarket.BoatShelter{}}
			for _, c := range rmColours {
				n, err := kit.Number(v, views.PField(i, "runes."+c), c+" runes")
				if err != nil {
					return nil, err
				}
				if c == runemarket.Blue {
					p.Runes.Blue = n
				} else {
					p.Runes.Red = n
				}
				base := c + "_shelter"
				runes, err := kit.Number(v, views.PField(i, base+".runes"), "runes in the shelter")
				if err != nil {
					return nil, err
				}
				s := runemarket.Shelter{Colour: c, Runes: runes, BoatShelter: v.Get(views.PField(i, base+".boat")) != "",
					Bandit: strings.TrimSpace(v.Get(views.PField(i, base+".bandit")))}
				// Anything entered about a shelter means it is there, ticked or not.
				if v.Get(views.PField(i, base)) != "" || s.Runes != 0 || s.BoatShelter || s.Bandit != "" {
					p.Shelters = append(p.Shelters, s)
				}
				if v.Get(views.PField(i, "boat_shelters."+c)) != "" {
					p.BoatShelters = append(p.BoatShelters, runemarket.BoatShelter{Colour: c})
				}
			}
			if s := strings.TrimSpace(v.Get(views.PField(i, "highest_number_card"))); s != "" {
				n, err := kit.Number(v, views.PField(i, "highest_number_card"), "the highest number card")
				if err != nil {
					return nil, err
				}
				p.HighestNumberCard = &n
			}
			return p, nil
		},
		State: func(v url.Values, players []any) any {
			st := map[string]any{"players": players}
			if w := strings.TrimSpace(v.Get("options.rps_winner")); w != "" {
				st["options"] = runemarket.Options{RPSWinner: w}
			}
			return st
		},
		Values: func(state json.RawMessage) url.Values {
			var st runemarket.State
			v := url.Values{}
			if json.Unmarshal(state, &st) != nil {
				return v
			}
			for i, p := range st.Players {
				v.Set(views.PField(i, "name"), p.Name)
				loose := map[string]int{runemarket.Red: p.Runes.Red, runemarket.Blue: p.Runes.Blue}
				for c, n := range loose {
					if n != 0 {
						v.Set(views.PField(i, "runes."+c), strconv.Itoa(n))
					}
				}
				for _, s := range p.Shelters {
					base := s.Colour + "_shelter"
					v.Set(views.PField(i, base), "1")
					v.Set(views.PField(i, base+".runes"), strconv.Itoa(s.Runes))
					if s.BoatShelter {
						v.Set(views.PField(i, base+".boat"), "1")
					}
					v.Set(views.PField(i, base+".bandit"), s.Bandit)
				}
				for _, b := range p.BoatShelters {
					v.Set(views.PField(i, "boat_shelters."+b.Colour), "1")
					if b.Runes > 0 { // shown with the loose runes, which score the same
						v.Set(views.PField(i, "runes."+b.Colour), strconv.Itoa(loose[b.Colour]+b.Runes))
					}
				}
				if p.HighestNumberCard != nil {
					v.Set(views.PField(i, "highest_number_card"), strconv.Itoa(*p.HighestNumberCard))
				}
			}
			if w := st.Options.RPSWinner; w != "" {
				v.Set("options.rps_winner", w)
			}
			return v
		},
	}.Editor()
}

// rmLabel picks a field label by shelter colour; the labels are whole
// catalog keys so each translates as a sentence.
func rmLabel(colour string, red, blue scoring.Phrase) scoring.Phrase {
	if colour == "red" {
		return red
	}
	return blue
}
