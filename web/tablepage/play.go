package tablepage

import (
	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/games"
	"tablemate/web/kit"
)

// Playing is the game played along as every link shows it: the
// moves so far and each player's points in the position now (the edit
// page links to it). Nil when no game is played along.
func Playing(c echo.Context, t sessions.Table) *views.PlayingVM {
	if t.Play == nil {
		return nil
	}
	vm := &views.PlayingVM{Title: games.PlayingPhrase(t), Moves: len(t.Play.Steps), LastMove: LastMove(t)}
	type standing struct {
		res scoring.Result
		ok  bool
	}
	st := t.Derived("play-standing", func() any { res, ok := t.PlayStanding(); return standing{res, ok} }).(standing)
	if st.ok {
		for _, p := range st.res.Players {
			vm.Players = append(vm.Players, views.PlayingSeat{Name: p.Name, Total: p.Total})
		}
	}
	return vm
}

// LastMove names the guided game's newest move as its game says it
// (kit.MoveNamer: "Ben pounced"), worked out once per head; zero when
// there is none or the game cannot name it. views.SayMove says it.
func LastMove(t sessions.Table) scoring.Phrase {
	if t.Play == nil || len(t.Play.Steps) == 0 {
		return scoring.Phrase{}
	}
	game, _ := games.Find(t.Info.Slug)
	namer, ok := game.Pages.(kit.MoveNamer)
	if !ok {
		return scoring.Phrase{}
	}
	return t.Derived("play-last", func() any {
		p, err := namer.LastMove(t)
		if err != nil {
			return scoring.Phrase{}
		}
		return p
	}).(scoring.Phrase)
}
