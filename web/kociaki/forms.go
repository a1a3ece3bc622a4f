package kociaki

import (
	"encoding/json"
	"math"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"tablemate/scoring"
	"tablemate/scoring/kociaki"
	"tablemate/views"
	"tablemate/web/kit"
)

// kocSlots is the number of player seats on the check page (KOC-1: 2–4).
const kocSlots = kociaki.MaxPlayers

// kocState is the engine's request as the editor builds it.
type kocState struct {
	Players []kociaki.Player `json:"players"`
	Options *kociaki.Options `json:"options,omitempty"`
}

func kocEditor() kit.Editor {
	return kit.Editor{Page: kocPage, Parse: parseKocForm, Values: kocValues,
		Noun:  scoring.Phrasef("toy chips"),
		Intro: scoring.Phrasef("Enter the chips each player took from each toy's pile, and the string left if totals tie.")}
}

// kocChips reads one toy's chips as typed: "2 3", "2,3" or "2+3".
func kocChips(s string) ([]int, bool) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '+' || r == '\t' })
	out := make([]int, 0, len(fields))
	for _, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, false
		}
		out = append(out, n)
	}
	return out, true
}

// parseKocForm turns the posted kit.Editor into the engine's JSON. On the
// check page (no fixed names) seats left completely empty are skipped.
func parseKocForm(v url.Values, fixed []string) (json.RawMessage, []int, error) {
	var st kocState
	var slots []int
	seats := kocSlots
	if fixed != nil {
		seats = len(fixed)
	}
	for i := range seats {
		p := kociaki.Player{Name: strings.TrimSpace(v.Get(views.PField(i, "name"))), Chips: map[string][]int{}}
		if fixed != nil {
			p.Name = fixed[i] // the table's names, whatever the form says
		}
		empty := p.Name == ""
		for toy := 1; toy <= kociaki.Toys; toy++ {
			field := views.PField(i, "chips."+strconv.Itoa(toy))
			s := strings.TrimSpace(v.Get(field))
			if s == "" {
				continue
			}
			chips, ok := kocChips(s)
			if !ok {
				return nil, nil, kit.FormErrorf(field, "chips are the values 2, 3 or 4 separated by spaces, such as “2 3”, not %q", s)
			}
			if len(chips) > 0 {
				p.Chips[strconv.Itoa(toy)] = chips
				empty = false
			}
		}
		if s := strings.TrimSpace(v.Get(views.PField(i, "string_left"))); s != "" {
			f, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
			if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
				return nil, nil, kit.FormErrorf(views.PField(i, "string_left"), "the string left is a number such as 12 or 7.5, not %q", s)
			}
			p.StringLeft = &f
			empty = false
		}
		if fixed == nil && empty {
			continue
		}
		st.Players = append(st.Players, p)
		slots = append(slots, i)
	}
	variant := strings.TrimSpace(v.Get("options.variant"))
	bonus := strings.TrimSpace(v.Get("options.all_types_bonus"))
	if variant != "" || bonus != "" {
		st.Options = &kociaki.Options{Variant: variant, AllTypesBonus: bonus} // the engine checks the names
	}
	return kit.StateOf(st), slots, nil
}

// kocValues turns a stored state back into editor values.
func kocValues(state json.RawMessage) url.Values {
	var st kocState
	v := url.Values{}
	if json.Unmarshal(state, &st) != nil {
		return v
	}
	for i, p := range st.Players {
		v.Set(views.PField(i, "name"), p.Name)
		for toy, chips := range p.Chips {
			s := make([]string, len(chips))
			for k, c := range chips {
				s[k] = strconv.Itoa(c)
			}
			v.Set(views.PField(i, "chips."+toy), strings.Join(s, " "))
		}
		if p.StringLeft != nil {
			v.Set(views.PField(i, "string_left"), strconv.FormatFloat(*p.StringLeft, 'f', -1, 64))
		}
	}
	if st.Options != nil {
		v.Set("options.variant", st.Options.Variant)
		v.Set("options.all_types_bonus", st.Options.AllTypesBonus)
	}
	return v
}

// kocPage draws the editor for an entry, with what each toy's pile may
// still give after the chips entered so far (ruling KOC-2).
func kocPage(e kit.Entry) templ.Component {
	vm := KocEntryVM{
		Page: e.Page, Form: e.Form, Heading: e.Heading, Intro: e.Intro, Action: e.Action, Submit: e.Submit,
		EditNames: e.Names == nil, Errors: e.Errors,
	}
	seats := kocSlots
	if e.Names != nil {
		seats = len(e.Names)
		vm.Seats = seats
	}
	v := e.Values
	if v == nil {
		v = url.Values{}
	}
	vm.Variant, vm.AllTypesBonus = v.Get("options.variant"), v.Get("options.all_types_bonus")
	taken := map[int][]int{}
	playing := 0
	for i := range seats {
		p := KocPlayer{Index: i, Name: v.Get(views.PField(i, "name")), StringLeft: v.Get(views.PField(i, "string_left"))}
		if e.Names != nil {
			p.Name = e.Names[i]
		}
		if strings.TrimSpace(p.Name) != "" {
			playing++
		}
		for toy := 1; toy <= kociaki.Toys; toy++ {
			s := v.Get(views.PField(i, "chips."+strconv.Itoa(toy)))
			p.Chips = append(p.Chips, s)
			if chips, ok := kocChips(s); ok {
				taken[toy] = append(taken[toy], chips...)
			}
		}
		vm.Players = append(vm.Players, p)
	}
	if piles, err := kociaki.PilesLeft(playing, taken); err == nil {
		for _, pl := range piles {
			vm.Piles = append(vm.Piles, KocPile{Toy: pl.Toy, Text: kocPileText(pl), Bad: !pl.Possible})
		}
	}
	return KocEntry(vm)
}

// kocPileText says what a toy's pile may give next, said in the reader's
// language at rendering; js/koc.js writes the same words (the form
// carries them) as chips are tapped.
func kocPileText(p kociaki.Pile) scoring.Phrase {
	switch {
	case !p.Possible:
		return scoring.Phrasef("pile: these chips cannot all come from one pile")
	case len(p.Next) == 0:
		return scoring.Phrasef("pile: used up")
	}
	next := scoring.List{Sep: " or "}
	for _, n := range p.Next {
		next.Items = append(next.Items, scoring.Verbatim(strconv.Itoa(n)))
	}
	if p.MayBeEmpty {
		return scoring.Phrasef("pile: next %s, or used up", next)
	}
	return scoring.Phrasef("pile: next %s", next)
}
