package kks

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"tablemate/scoring/kks"
	"tablemate/views"
	"tablemate/web/kit"
)

const (
	kksSlots       = kks.MaxPlayers // player seats on the check page
	kksAdjustSlots = 2              // adjustment rows per player
)

func kksEditor() kit.Editor {
	return kit.Editor{Page: kksPage, Parse: parseKKSForm, Values: kksValues, Display: kksDisplay}
}

func kksColours() []string {
	var out []string
	for _, c := range kks.Colours() {
		out = append(out, string(c))
	}
	return out
}

// parseKKSForm turns the posted kit.Editor into the engine's JSON. On the
// check page (no fixed names) seats left completely empty are skipped.
func parseKKSForm(v url.Values, fixed []string) (json.RawMessage, []int, error) {
	var st kks.Request
	var slots []int
	seats := kksSlots
	if fixed != nil {
		seats = len(fixed)
	}
	for i := range seats {
		p := kks.PlayerJSON{Name: strings.TrimSpace(v.Get(views.PField(i, "name"))), Display: map[string]string{}}
		if fixed != nil {
			p.Name = fixed[i] // the table's names, whatever the form says
		}
		empty := p.Name == ""
		for _, c := range kksColours() {
			if s := strings.TrimSpace(v.Get(views.PField(i, "display."+c))); s != "" {
				p.Display[c] = s
				empty = false
			}
		}
		tokens := strings.TrimSpace(v.Get(views.PField(i, "tokens")))
		if fixed == nil && empty && (tokens == "" || tokens == "0") {
			continue
		}
		if tokens != "" {
			n, err := strconv.Atoi(tokens)
			if err != nil {
				return nil, nil, kit.FormErrorf(views.PField(i, "tokens"), "tokens must be a whole number, not %q", tokens)
			}
			p.Tokens = n
		}
		for j := range kksAdjustSlots {
			a, ok, err := parseKKSAdjustment(v, i, j)
			if err != nil {
				return nil, nil, err
			}
			if ok {
				p.Adjustments = append(p.Adjustments, a)
			}
		}
		st.Players = append(st.Players, p)
		slots = append(slots, i)
	}
	for _, s := range v["options.special_cards"] {
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, nil, kit.FormErrorf("options.special_cards", "special cards are numbered 1–%d, not %q", kks.MaxSpecialCard, s)
		}
		if st.Options == nil {
			st.Options = &kks.Options{}
		}
		st.Options.SpecialCards = append(st.Options.SpecialCards, n)
	}
	return kit.StateOf(st), slots, nil
}

func parseKKSAdjustment(v url.Values, i, j int) (kks.Adjustment, bool, error) {
	base := views.PField(i, "adjustments["+strconv.Itoa(j)+"]")
	card := strings.TrimSpace(v.Get(base + ".card"))
	points := strings.TrimSpace(v.Get(base + ".points"))
	reason := strings.TrimSpace(v.Get(base + ".reason"))
	if card == "" && points == "" && reason == "" {
		return kks.Adjustment{}, false, nil
	}
	a := kks.Adjustment{Reason: reason}
	var err error
	if a.Card, err = strconv.Atoi(card); err != nil {
		return a, false, kit.FormErrorf(base, "an adjustment names its special card by number (1–%d)", kks.MaxSpecialCard)
	}
	if a.Points, err = strconv.Atoi(points); err != nil {
		return a, false, kit.FormErrorf(base, "an adjustment's points must be a whole number such as 3 or -2")
	}
	return a, true, nil
}

// kksValues turns a stored state back into editor values.
func kksValues(state json.RawMessage) url.Values {
	var st kks.Request
	v := url.Values{}
	if json.Unmarshal(state, &st) != nil {
		return v
	}
	for i, p := range st.Players {
		v.Set(views.PField(i, "name"), p.Name)
		v.Set(views.PField(i, "tokens"), strconv.Itoa(p.Tokens))
		for c, s := range p.Display {
			v.Set(views.PField(i, "display."+c), s)
		}
		for j, a := range p.Adjustments {
			base := views.PField(i, "adjustments["+strconv.Itoa(j)+"]")
			v.Set(base+".card", strconv.Itoa(a.Card))
			v.Set(base+".points", strconv.Itoa(a.Points))
			v.Set(base+".reason", a.Reason)
		}
	}
	if st.Options != nil {
		for _, n := range st.Options.SpecialCards {
			v.Add("options.special_cards", strconv.Itoa(n))
		}
	}
	return v
}

// kksPage draws the display editor for an entry.
func kksPage(e kit.Entry) templ.Component {
	vm := KKSEntryVM{
		Page: e.Page, Form: e.Form, Heading: e.Heading, Intro: e.Intro, Action: e.Action, Submit: e.Submit,
		EditNames: e.Names == nil, Errors: e.Errors, Specials: map[int]bool{},
	}
	vm.Styles = append(vm.Styles, "css/entry.css")
	vm.Scripts = append(vm.Scripts, "js/entry.js")
	seats := kksSlots
	if e.Names != nil {
		seats = len(e.Names)
		vm.Turns = kks.TurnsPerPlayer(seats)
	}
	vm.MaxTokens = kks.MaxTokens * seats
	v := e.Values
	if v == nil {
		v = url.Values{}
	}
	for i := range seats {
		p := KKSPlayer{Index: i, Name: v.Get(views.PField(i, "name")), Tokens: v.Get(views.PField(i, "tokens"))}
		if e.Names != nil {
			p.Name = e.Names[i]
		}
		if p.Tokens == "" && e.Values == nil {
			p.Tokens = "0"
		}
		for _, c := range kksColours() {
			p.Stacks = append(p.Stacks, KKSStack{Colour: c, Value: v.Get(views.PField(i, "display."+c))})
		}
		for j := range kksAdjustSlots {
			base := views.PField(i, "adjustments["+strconv.Itoa(j)+"]")
			p.Adjustments = append(p.Adjustments, KKSAdjust{Card: v.Get(base + ".card"), Points: v.Get(base + ".points"), Reason: v.Get(base + ".reason")})
		}
		vm.Players = append(vm.Players, p)
	}
	for _, s := range v["options.special_cards"] {
		if n, err := strconv.Atoi(s); err == nil {
			vm.Specials[n] = true
		}
	}
	return KKSEntry(vm)
}

// kksDisplay draws each player's stacks as chips for the result page.
func kksDisplay(state json.RawMessage) map[string][]views.StackView {
	var st kks.Request
	if json.Unmarshal(state, &st) != nil {
		return nil
	}
	out := map[string][]views.StackView{}
	for _, p := range st.Players {
		var stacks []views.StackView
		for _, c := range kksColours() {
			sv := views.StackView{Colour: c}
			stack, err := kks.ParseStack(p.Display[c])
			if err != nil {
				continue
			}
			for _, card := range stack {
				// The result page names the chip in its reader's language.
				chip := views.ChipView{Text: strconv.Itoa(card.Value), Value: card.Value, Down: card.FaceDown}
				switch {
				case card.Unknown: // x: face down, value not known
					chip.Text = "?"
				case card.FaceDown: // x4, and x0 or x11 too: a face-down card of known value is read like a face-up one (KKS-1)
					chip.Text = "↓" + strconv.Itoa(card.Value)
				}
				sv.Cards = append(sv.Cards, chip)
			}
			stacks = append(stacks, sv)
		}
		out[p.Name] = stacks
	}
	return out
}
