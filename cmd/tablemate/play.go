package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/scoring/kks"
	"tablemate/sessions"
	"tablemate/views"
)

// loadPlay loads a table that can be played along (guided).
func (a *app) loadPlay(c echo.Context) (sessions.Table, error) {
	t, err := a.loadTable(c)
	if err != nil {
		return t, err
	}
	if t.Info.Slug != kks.Slug {
		return t, echo.NewHTTPError(http.StatusNotFound, t.Info.Title+" cannot be played along yet; enter each game's result instead.")
	}
	return t, nil
}

// showPlay renders the guided game: the row to lay, or the turn at hand
// (with the card picker once a card was chosen: ?take=N).
func (a *app) showPlay(c echo.Context) error {
	t, err := a.loadPlay(c)
	if err != nil {
		return err
	}
	if t.Play == nil {
		return render(c, http.StatusOK, views.KKSSetup(setupVM(c, t, make([]string, kks.RowSize), nil)))
	}
	take, _ := strconv.Atoi(c.QueryParam("take"))
	vm, err := playVM(c, t, take, "")
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.KKSPlay(vm))
}

func setupVM(c echo.Context, t sessions.Table, row []string, errs views.Errors) views.KKSSetupVM {
	p := page(c, t.Name)
	p.Scripts = []string{"js/play.js"}
	return views.KKSSetupVM{Page: p, Form: form(c, t.Head), TableName: t.Name, Base: "/tables/" + t.ID, Row: row, Errors: errs}
}

// startPlay lays the row and starts the guided game.
func (a *app) startPlay(c echo.Context) error {
	t, err := a.loadPlay(c)
	if err != nil {
		return err
	}
	row := make([]string, kks.RowSize)
	for i := range row {
		row[i] = strings.TrimSpace(c.FormValue(fmt.Sprintf("row[%d]", i)))
	}
	setup, _ := json.Marshal(kks.Setup{Row: row})
	seen, _ := formInt(c, "_seen")
	_, err = a.tables.StartPlay(c.Request().Context(), t.ID, seen, c.FormValue("_token"), setup)
	var in *scoring.InputError
	var se *kks.StepError
	var stale *sessions.StaleError
	switch {
	case errors.As(err, &in):
		return render(c, http.StatusUnprocessableEntity, views.KKSSetup(setupVM(c, t, row, views.Errors{in.Field: in.Message})))
	case errors.As(err, &se):
		return render(c, http.StatusUnprocessableEntity, views.KKSSetup(setupVM(c, t, row, views.Errors{"setup": se.Message})))
	case errors.As(err, &stale):
		return redirect(c, "/tables/"+t.ID+"/play")
	case err != nil:
		return err
	}
	return redirect(c, "/tables/"+t.ID+"/play")
}

// submitStep records the move: the card taken and the card revealed.
func (a *app) submitStep(c echo.Context) error {
	t, err := a.loadPlay(c)
	if err != nil {
		return err
	}
	take, err := strconv.Atoi(c.FormValue("take"))
	if err != nil {
		return a.rerenderPlay(c, t, http.StatusUnprocessableEntity, "Choose the card to take.")
	}
	step := kks.Step{Take: take}
	if r := c.FormValue("reveal"); r != "" {
		card, err := kks.ParseCard(r)
		if err != nil {
			return a.rerenderPlay(c, t, http.StatusUnprocessableEntity, err.Error())
		}
		step.Reveal = &card
	}
	seen, _ := formInt(c, "_seen")
	_, err = a.tables.PlayStep(c.Request().Context(), t.ID, seen, c.FormValue("_token"), kks.StepJSON(step))
	var se *kks.StepError
	var in *scoring.InputError
	var stale *sessions.StaleError
	switch {
	case errors.As(err, &se):
		return a.rerenderPlay(c, t, http.StatusUnprocessableEntity, fmt.Sprintf("Not possible: %s (rule %s)", se.Message, se.Rule))
	case errors.As(err, &in):
		return a.rerenderPlay(c, t, http.StatusUnprocessableEntity, in.Message)
	case errors.As(err, &stale):
		fresh, lerr := a.loadPlay(c)
		if lerr != nil {
			return lerr
		}
		return a.rerenderPlay(c, fresh, http.StatusConflict, "Someone else just entered this turn; here is the table as it is now.")
	case err != nil:
		return err
	}
	fresh, err := a.loadPlay(c)
	if err != nil {
		return err
	}
	if fresh.Play == nil && len(fresh.Games) > 0 { // that was the last turn
		return redirect(c, fmt.Sprintf("/tables/%s/games/%d", t.ID, len(fresh.Games)))
	}
	return redirect(c, "/tables/"+t.ID+"/play")
}

func (a *app) rerenderPlay(c echo.Context, t sessions.Table, status int, msg string) error {
	if t.Play == nil {
		return redirect(c, "/tables/"+t.ID)
	}
	vm, err := playVM(c, t, 0, msg)
	if err != nil {
		return err
	}
	return render(c, status, views.KKSPlay(vm))
}

// playVM replays the guided game to now and describes the turn.
func playVM(c echo.Context, t sessions.Table, take int, flash string) (views.KKSPlayVM, error) {
	steps := make([][]byte, len(t.Play.Steps))
	for i, s := range t.Play.Steps {
		steps[i] = s
	}
	pos, err := kks.Resume(t.Players, t.Play.Setup, steps)
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
	if e, ok := t.Newest(); ok && e.Kind == sessions.KindPlayStep || ok && e.Kind == sessions.KindPlayStarted {
		vm.UndoLabel = shortText(t, e.Event)
	}
	return vm, nil
}

func costText(n int) string {
	if n == 0 {
		return "free"
	}
	return fmt.Sprintf("pays %d", n)
}
