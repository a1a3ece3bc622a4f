package server

import (
	"tablemate/web/games"
	"tablemate/web/kit"
	"tablemate/web/serve"
)

// The helpers the handlers share with the games' pages live in web/kit;
// the handlers call them by the names they have always had.
var (
	page       = kit.Page
	form       = kit.Form
	editBase   = kit.EditBase
	tr         = kit.Tr
	localInput = kit.LocalInput
)

// The helpers every area shares live in web/serve, and what a game is
// called and its result editor in the registry (web/games); the handlers
// still in web/server call the ones they use everywhere by the names
// they have always had (a helper used in a file or two is called by its
// own name).
var (
	formInt   = serve.FormInt
	redirect  = serve.Redirect
	linkError = serve.LinkError
	dateTime  = serve.DateTime
	gameTitle = games.Title
	kindTitle = games.KindTitle
	// What the table plays now (the registry).
	playingTitle = games.PlayingTitle
	editorFor    = games.Editor

	// redactLinks takes anything shaped like a link out of a log message.
	redactLinks = serve.RedactLinks
)

// csrfCookie is the cookie of the form token (web/serve: an import
// checks it before its file is read).
const csrfCookie = serve.CSRFCookie

// kit is what the server hands its areas (web/api, …): its rendering and
// its compression.
func (a *App) kit() serve.Kit {
	return serve.Kit{Tables: a.tables, Render: render, Blob: blobCompressed}
}
