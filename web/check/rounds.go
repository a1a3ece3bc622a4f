package check

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/views"
	"tablemate/web/kit"
)

// The dispute check of a game scored round by round (Cambio, Kodiak) is
// the game's own round editor, as a table uses it, with nothing saved:
// who plays first, then one round at a time. The game so far travels
// with each form (the hidden field "game", the engine's state), so the
// server keeps nothing between rounds; each round is added by the engine
// (scoring.Rounds) and the whole game checked again. A state pasted as
// JSON (the score API's format) is still read, behind "Paste a state".

// checkRoundsStart asks who plays; with their names (players[i].name in
// the address, from that form) it opens the editor of round 1.
func (a *Area) checkRoundsStart(c echo.Context, info scoring.Info, ed kit.Editor) error {
	q := c.QueryParams()
	if q.Get(views.PField(0, "name")) == "" {
		return a.Render(c, http.StatusOK, views.CheckPlayers(checkPlayersVM(c, info, nil, nil)))
	}
	names, err := checkNames(c, info, q)
	if err != nil {
		var in *scoring.InputError
		if !errors.As(err, &in) {
			return err
		}
		return a.Render(c, http.StatusUnprocessableEntity, views.CheckPlayers(checkPlayersVM(c, info, q, views.Errors{in.Field: in.Phrase})))
	}
	return a.Render(c, http.StatusOK, ed.Page(checkRoundEntry(c, info, names, nil, nil, nil)))
}

// checkPlayersVM is the page that names who plays a game checked round by
// round, with the JSON box behind "Paste a state".
func checkPlayersVM(c echo.Context, info scoring.Info, values url.Values, errs views.Errors) views.CheckPlayersVM {
	vm := views.CheckPlayersVM{Page: kit.Page(c, scoring.Phrasef("Check %s", info.Title)), Form: kit.Form(c, 0), Game: info, Errors: errs}
	for i := range info.MaxPlayers {
		vm.Names = append(vm.Names, strings.TrimSpace(values.Get(views.PField(i, "name"))))
	}
	return vm
}

// checkNames reads the names a check of a round game was opened with:
// seats left empty do not play; the rest are the game's players, as many
// as the game takes, each named once (scoring.CheckNames).
func checkNames(c echo.Context, info scoring.Info, v url.Values) ([]string, error) {
	var names []string
	for i := range info.MaxPlayers {
		if n := strings.TrimSpace(v.Get(views.PField(i, "name"))); n != "" {
			names = append(names, n)
		}
	}
	if len(names) < info.MinPlayers || len(names) > info.MaxPlayers {
		return nil, kit.FormErrorf("players", "%s is played by %d to %d players; you named %d", scoring.Name(info.Title), info.MinPlayers, info.MaxPlayers, len(names))
	}
	if err := scoring.CheckNames("players", names); err != nil {
		return nil, err
	}
	return names, nil
}

// checkRoundEntry is the round editor of the check page: the next round
// of game (nil: round 1), or that round again with values and errs.
func checkRoundEntry(c echo.Context, info scoring.Info, names []string, game json.RawMessage, values url.Values, errs views.Errors) kit.Entry {
	n := roundsIn(game) + 1
	e := checkEntry(c, info, values, errs)
	e.Names, e.Current = names, game
	e.Heading = scoring.Phrasef("Check a score: round %d", n)
	e.Submit = scoring.Phrasef("Check round %d", n)
	e.Intro = scoring.Phrasef("Enter the round as it was played; Tablemate checks every rule and adds it to the rounds before. Nothing is saved.")
	if game != nil {
		e.Form.Carry = []views.Field{{Name: "game", Value: string(game)}}
	}
	return e
}

// roundsIn counts the rounds of a round game's state (its first player's).
func roundsIn(game json.RawMessage) int {
	var s struct {
		Players []struct {
			Rounds []json.RawMessage `json:"rounds"`
		} `json:"players"`
	}
	if json.Unmarshal(game, &s) != nil || len(s.Players) == 0 {
		return 0
	}
	return len(s.Players[0].Rounds)
}

// checkRound reads one posted round of the check page, adds it to the
// game it carries and shows the game checked so far, with the editor of
// the next round one tap away. "_next" opens that editor; a round the
// editor or the engine cannot read comes back with its message.
func (a *Area) checkRound(c echo.Context, engine scoring.Game, ed kit.Editor, values url.Values) error {
	info := engine.Info()
	names, err := checkNames(c, info, values)
	var in *scoring.InputError
	if errors.As(err, &in) {
		return echo.NewHTTPError(http.StatusBadRequest, in.Phrase)
	} else if err != nil {
		return err
	}
	var game json.RawMessage
	if s := strings.TrimSpace(values.Get("game")); s != "" {
		game = json.RawMessage(s)
	}
	switch {
	case values.Get("_next") == "1":
		return a.Render(c, http.StatusOK, ed.Page(checkRoundEntry(c, info, names, game, nil, nil)))
	case values.Get("_reopen") == "1":
		return a.Render(c, http.StatusOK, ed.Page(checkRoundEntry(c, info, names, game, values, nil)))
	}
	again := func(err *scoring.InputError) error {
		return a.Render(c, http.StatusUnprocessableEntity, ed.Page(checkRoundEntry(c, info, names, game, values, views.Errors{err.Field: err.Phrase})))
	}
	round, _, err := ed.Parse(values, names)
	if errors.As(err, &in) {
		return again(in)
	} else if err != nil {
		return err
	}
	rounds, ok := engine.(scoring.Rounds)
	if !ok {
		return echo.ErrNotFound
	}
	state, err := rounds.AppendRound(game, round)
	if errors.As(err, &in) {
		return again(in)
	} else if err != nil {
		return err
	}
	res, err := engine.Check(state)
	if errors.As(err, &in) {
		return again(in)
	} else if err != nil {
		return err
	}
	n := roundsIn(state)
	vm := views.ResultVM{
		Page: kit.Page(c, scoring.Phrasef("Checked score")), Heading: scoring.Phrasef("Checked score after round %d", n), GameTitle: scoring.Verbatim(info.Title), Result: res,
		BackURL: "/check/" + info.Slug, BackLabel: scoring.Phrasef("Check another"),
	}
	carry := []views.Field{{Name: "game", Value: string(state)}}
	for i, name := range names {
		carry = append(carry, views.Field{Name: views.PField(i, "name"), Value: name})
	}
	if !res.GameOver {
		vm.Next = &views.Reopen{Action: "/check/" + info.Slug, CSRF: kit.CSRFToken(c), Label: scoring.Phrasef("Enter round %d", n+1),
			Fields: append([]views.Field{{Name: "_next", Value: "1"}}, carry...)}
	}
	// "Change these entries" opens this round again, typed as it was, on
	// the game before it (the values carry it).
	vm.Reopen = reopen(c, "/check/"+info.Slug, values)
	return a.Render(c, http.StatusOK, views.ResultPage(vm))
}
