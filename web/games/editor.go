package games

import "tablemate/web/kit"

// Editor is the result editor of the game of slug, from the registry;
// ok is false for a game it does not know or one with no entry page.
func Editor(slug string) (ed kit.Editor, ok bool) {
	g, found := Find(slug)
	ed = g.Editor
	return ed, found && ed.Page != nil
}
