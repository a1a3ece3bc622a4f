package server

import (
	"tablemate/web/games"
	"tablemate/web/kit"
)

// editorFor returns the result editor of a game, from the registry.
func editorFor(slug string) (kit.Editor, bool) {
	g, ok := games.Find(slug)
	ed := g.Editor
	return ed, ok && ed.Page != nil
}
