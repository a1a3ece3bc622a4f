package aufderhut

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"tablemate/scoring"
	"tablemate/scoring/aufderhut"
	"tablemate/views"
	"tablemate/web/kit"
)

// adhSlots is the number of player seats on the check page (ADH-1: 2–6).
const adhSlots = aufderhut.MaxPlayers

// adhFields are a player's counters, named as in the engine's JSON.
var adhFields = []string{"characters", "wonderhats", "bald_heads"}

func adhEditor() kit.Editor {
	return kit.Editor{Page: adhPage, Parse: parseADHForm, Values: adhValues, Display: adhDisplay,
		Noun:  scoring.Phrasef("final collections"),
		Intro: scoring.Phrasef("Count each player's characters, bald heads and wonderhats at the end of the game.")}
}

// parseADHForm turns the posted kit.Editor into the engine's JSON. On the
// check page (no fixed names) seats left completely empty are skipped.
func parseADHForm(v url.Values, fixed []string) (json.RawMessage, []int, error) {
	var st aufderhut.State
	var slots []int
	seats := adhSlots
	if fixed != nil {
		seats = len(fixed)
	}
	for i := range seats {
		p := aufderhut.Player{Name: strings.TrimSpace(v.Get(views.PField(i, "name")))}
		if fixed != nil {
			p.Name = fixed[i] // the table's names, whatever the form says
		}
		empty := p.Name == ""
		counts := [3]int{}
		for k, f := range adhFields {
			s := strings.TrimSpace(v.Get(views.PField(i, f)))
			if s == "" {
				continue
			}
			n, err := strconv.Atoi(s)
			if err != nil {
				return nil, nil, kit.FormErrorf(views.PField(i, f), "%s must be a whole number of cards, not %q", adhFieldName(f), s)
			}
			counts[k] = n
			empty = empty && n == 0
		}
		if fixed == nil && empty {
			continue
		}
		p.Characters, p.Wonderhats, p.BaldHeads = counts[0], counts[1], counts[2]
		st.Players = append(st.Players, p)
		slots = append(slots, i)
	}
	if s := strings.TrimSpace(v.Get("options.variant")); s != "" {
		st.Options = aufderhut.Options{Variant: s} // the engine checks the name
	}
	return kit.StateOf(st), slots, nil
}

// adhValues turns a stored state back into editor values.
func adhValues(state json.RawMessage) url.Values {
	var st aufderhut.State
	v := url.Values{}
	if json.Unmarshal(state, &st) != nil {
		return v
	}
	for i, p := range st.Players {
		v.Set(views.PField(i, "name"), p.Name)
		v.Set(views.PField(i, "characters"), strconv.Itoa(p.Characters))
		v.Set(views.PField(i, "wonderhats"), strconv.Itoa(p.Wonderhats))
		v.Set(views.PField(i, "bald_heads"), strconv.Itoa(p.BaldHeads))
	}
	if st.Options.Variant != "" {
		v.Set("options.variant", st.Options.Variant)
	}
	return v
}

// adhPage draws the editor for an entry.
func adhPage(e kit.Entry) templ.Component {
	vm := ADHEntryVM{
		Page: e.Page, Form: e.Form, Heading: e.Heading, Intro: e.Intro, Action: e.Action, Submit: e.Submit,
		EditNames: e.Names == nil, Errors: e.Errors,
	}
	seats := adhSlots
	if e.Names != nil {
		seats = len(e.Names)
	}
	v := e.Values
	if v == nil {
		v = url.Values{}
	}
	vm.Variant = v.Get("options.variant")
	for i := range seats {
		p := ADHPlayer{Index: i, Name: v.Get(views.PField(i, "name")),
			Characters: v.Get(views.PField(i, "characters")), Wonderhats: v.Get(views.PField(i, "wonderhats")), BaldHeads: v.Get(views.PField(i, "bald_heads"))}
		if e.Names != nil {
			p.Name = e.Names[i]
		}
		if e.Values == nil {
			p.Characters, p.Wonderhats, p.BaldHeads = "0", "0", "0"
		}
		vm.Players = append(vm.Players, p)
	}
	return ADHEntry(vm)
}

// adhDisplay draws each player's covering (ruling ADH-4) for the result
// page, so a player sees why the count is what it is.
func adhDisplay(state json.RawMessage) map[string][]views.StackView {
	var st aufderhut.State
	if json.Unmarshal(state, &st) != nil {
		return nil
	}
	out := map[string][]views.StackView{}
	for _, p := range st.Players {
		c := aufderhut.Cover(p)
		out[p.Name] = []views.StackView{{Visual: ADHCovering(ADHCover{
			Characters: c.Characters, BaldHeads: c.BaldHeads, CoveringWonderhats: c.CoveringWonderhats, Uncovered: c.Uncovered,
			BaldCharacters: c.BaldCharacters, SpareWonderhats: c.SpareWonderhats, WithHat: c.WithHat,
		})}}
	}
	return out
}

// adhFieldName names a count in an error message ("bald heads"), said
// when the message is shown.
func adhFieldName(f string) scoring.Phrase {
	switch f {
	case "characters":
		return scoring.Phrasef("characters")
	case "wonderhats":
		return scoring.Phrasef("wonderhats")
	}
	return scoring.Phrasef("bald heads")
}
