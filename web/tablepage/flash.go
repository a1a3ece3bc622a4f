package tablepage

import "tablemate/scoring"

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
