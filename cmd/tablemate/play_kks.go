package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/scoring/kks"
	"tablemate/sessions"
	"tablemate/views"
)

// kksPlay is Koffer, Katze & Sombrero played along: the row is laid by
// tapping cards, then each turn is the card taken and the card turned up.
type kksPlay struct{}

func (kksPlay) setupPage(c echo.Context, t sessions.Table, errs views.Errors) templ.Component {
	p := page(c, t.Name)
	p.Scripts = []string{"js/play.js"}
	return views.KKSSetup(views.KKSSetupVM{Page: p, Form: form(c, t.Head), TableName: t.Name, Base: "/tables/" + t.ID, Row: typedRow(c), Errors: errs})
}

// typedRow is the row as posted (empty on a first view).
func typedRow(c echo.Context) []string {
	row := make([]string, kks.RowSize)
	for i := range row {
		row[i] = strings.TrimSpace(c.FormValue(fmt.Sprintf("row[%d]", i)))
	}
	return row
}

func (kksPlay) setupJSON(c echo.Context, _ sessions.Table) (json.RawMessage, error) {
	return json.Marshal(kks.Setup{Row: typedRow(c)})
}

func (kksPlay) turnPage(c echo.Context, t sessions.Table, flash string) (templ.Component, error) {
	take, _ := strconv.Atoi(c.QueryParam("take"))
	vm, err := playVM(c, t, take, flash)
	if err != nil {
		return nil, err
	}
	return views.KKSPlay(vm), nil
}

// stepJSON reads the card taken and the card turned up.
func (kksPlay) stepJSON(c echo.Context, _ sessions.Table) (json.RawMessage, error) {
	take, err := strconv.Atoi(c.FormValue("take"))
	if err != nil {
		return nil, scoring.Errorf("take", "Choose the card to take.")
	}
	step := kks.Step{Take: take}
	if r := c.FormValue("reveal"); r != "" {
		card, err := kks.ParseCard(r)
		if err != nil {
			return nil, scoring.Errorf("reveal", "%s", err.Error())
		}
		step.Reveal = &card
	}
	return kks.StepJSON(step), nil
}

// playVM replays the guided game to now and describes the turn.
func playVM(c echo.Context, t sessions.Table, take int, flash string) (views.KKSPlayVM, error) {
	steps := t.Play.RawSteps()
	pos, err := kks.Resume(t.Play.Players, t.Play.Setup, steps)
	if err != nil {
		return views.KKSPlayVM{}, fmt.Errorf("resume guided game of %s: %w", t.ID, err)
	}
	vm := views.KKSPlayVM{
		Page: page(c, t.Name), Form: form(c, t.Head), TableName: t.Name, Base: "/tables/" + t.ID,
		Turn: pos.Turn(), Turns: pos.Turns(), DeckLeft: pos.DeckLeft, LastRound: pos.LastRound(), Current: pos.ToMove(),
	}
	vm.Flash, vm.FlashKind = flash, "bad"
	seen := map[kks.Card]bool{}
	for i, rc := range pos.Row {
		seen[rc.Card] = true
		r := views.RowCardVM{Pos: i + 1, Colour: string(rc.Card.Colour), Value: rc.Card.Value, Tokens: rc.Tokens,
			TakeURL: fmt.Sprintf("/tables/%s/play?take=%d", t.ID, i+1)}
		if pv, serr := pos.Preview(i + 1); serr != nil {
			r.Refuse = serr.Message
		} else {
			r.Cost, r.Gain, r.FaceDown, r.Reason = pv.Cost, pv.Gain, pv.FaceDown, pv.Reason
		}
		vm.Row = append(vm.Row, r)
	}
	for i, s := range pos.Players {
		seat := views.SeatVM{Name: s.Name, Tokens: s.Tokens, ToMove: i == pos.Current()}
		for _, col := range kks.Colours() {
			sv := views.StackView{Colour: string(col)}
			for _, card := range s.Display[col] {
				seen[kks.Card{Colour: col, Value: card.Value}] = true
				chip := views.ChipView{Text: strconv.Itoa(card.Value), Label: fmt.Sprintf("%s %d", col, card.Value), Down: card.FaceDown}
				if card.FaceDown {
					chip.Text, chip.Label = "↓"+chip.Text, "face-down "+chip.Label
				}
				sv.Cards = append(sv.Cards, chip)
			}
			seat.Stacks = append(seat.Stacks, sv)
		}
		vm.Seats = append(vm.Seats, seat)
	}
	if take > 0 && take <= len(vm.Row) && vm.Row[take-1].Refuse == "" {
		r := vm.Row[take-1]
		vm.Take, vm.TakeText = take, fmt.Sprintf("%s takes the %s %d (%s)", pos.ToMove(), r.Colour, r.Value, strings.ToLower(costText(r.Cost)))
		for _, col := range kks.Colours() {
			for v := 1; v <= 10; v++ {
				if !seen[kks.Card{Colour: col, Value: v}] {
					vm.Unseen = append(vm.Unseen, views.CardOption{Colour: string(col), Value: v})
				}
			}
		}
	}
	vm.UndoLabel = playUndoLabel(t)
	return vm, nil
}

func costText(n int) string {
	if n == 0 {
		return "free"
	}
	return fmt.Sprintf("pays %d", n)
}
