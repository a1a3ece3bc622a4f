// Package check is the score check's pages (/check, /check/{game}): a
// finished game entered on its game's result editor (or as JSON) and
// scored by its engine without saving anything; a game scored round by
// round is entered one round at a time, the rounds so far carried in the
// form. It finds the games through the registry (web/games); web/server
// builds it and lists its routes.
package check

import "tablemate/web/serve"

// Area answers the score check's routes. It embeds what the server
// hands every area (serve.Kit): it renders and reads nothing else.
type Area struct {
	serve.Kit
}

// New is the score check's area on k.
func New(k serve.Kit) *Area { return &Area{Kit: k} }
