package server

import (
	"strconv"
	"strings"
	"tablemate/web/games"
	"tablemate/web/kit"
)

// editorFor returns the result editor of a game, from the registry.
func editorFor(slug string) (kit.Editor, bool) {
	g, ok := games.Find(slug)
	ed := webOf(g).Editor
	return ed, ok && ed.Page != nil
}

// remapField translates an engine field path on the built state back to
// the form's field: the state's players[k] is the form's slot slots[k]
// (empty check-page slots are left out of the state).
func remapField(field string, slots []int) string {
	rest, ok := strings.CutPrefix(field, "players[")
	if !ok {
		return field
	}
	num, tail, ok := strings.Cut(rest, "]")
	k, err := strconv.Atoi(num)
	if !ok || err != nil || k < 0 || k >= len(slots) {
		return field
	}
	return "players[" + strconv.Itoa(slots[k]) + "]" + tail
}
