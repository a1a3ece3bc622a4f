package tablepage

import (
	"strconv"

	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/sessions"
)

// Flashes are the confirmations a redirect to a table's page may ask for
// (?done=...): the table's, a game's, the next game's, the evening's.
// Only these fixed texts are shown, never text from the URL.
var Flashes = map[string]scoring.Phrase{
	"undo":   scoring.Phrasef("Undone: the last entry was taken back. It stays in the history."),
	"chosen": scoring.Phrasef("Next game chosen."),
	"player": scoring.Phrasef("Player added."),
	"round":  scoring.Phrasef("Round saved."),
	// A disputed game counted as entered (ruling G-5).
	"settled": scoring.Phrasef("Counted as entered: the game counts as it was entered, its broken rules still shown."),
	"noted":   scoring.Phrasef("Note saved."),
	// Play along stopped (StopPlay), kept or discarded.
	"kept":      scoring.Phrasef("Stopped playing along: the game is kept as an unfinished game. Undo brings the game back."),
	"discarded": scoring.Phrasef("Stopped playing along: the game was discarded. Undo brings it back."),
	// A round game stopped before its end (StopGame), shown on the page
	// choosing the next game.
	"stopped": scoring.Phrasef("Stopped: the game is kept as an unfinished game. Undo on the table lets it go on."),
	// A form whose one-time token was recorded before (web/game).
	"already": scoring.Phrasef("Already recorded: this entry was sent before, so nothing was added."),
	// A league's table started, but the league could not count it then.
	"not-in-league": scoring.Phrasef("The table was started, but the league could not count it just now. Add it from the league's page."),
}

// Done is the query of the page a recorded write goes on to, asking for
// the confirmation kind: "?done=round&at=41", at the table's version the
// write made (app.Event.Seq). Confirmed says it only while the table is
// still there, so a reload after an undo, or the address copied an hour
// later, does not say "Round saved." of a round no longer in the log.
func Done(kind string, app sessions.Appended) string {
	return "?done=" + kind + "&at=" + strconv.Itoa(app.Event.Seq)
}

// Confirmed is the confirmation a page of the table at version head may
// say: ?done='s kind when the write that asked for it made that version,
// "" otherwise. "already" (the form was recorded before) and
// "not-in-league" (the league could not count the new table just then)
// say what happened to that request, true whenever seen again, so they
// need no version.
func Confirmed(c echo.Context, head int) string {
	kind := c.QueryParam("done")
	if _, ok := Flashes[kind]; !ok {
		return ""
	}
	if kind == "already" || kind == "not-in-league" {
		return kind
	}
	if at, err := strconv.Atoi(c.QueryParam("at")); err != nil || at != head {
		return ""
	}
	return kind
}
