package kit

import (
	"strings"

	"tablemate/views/i18n"
)

// describe is what a page of route path is, for the meta description
// search engines and shared links show: one line per kind of page, a
// catalog key (the layout says it in the page's language). Every page is
// built on Page, so every kind of page has one; a page of no kind below
// (an error) is described as the app.
func describe(path string) string {
	switch path {
	case "/tables/new", "/tables":
		return i18n.Key("Start a table: pick the game, name the players and enter each game's result as you finish it, checked by the rules.")
	case "/tables/import":
		return i18n.Key("Bring a table exported from Tablemate onto this phone, checked game by game by the rules.")
	case "/tables/:id", "/v/:rid":
		return i18n.Key("A table's running totals, games and history, every game scored by the rules.")
	case "/tables/:id/games/:n", "/v/:rid/games/:n":
		return i18n.Key("One game's result: each player's points and how they add up, the winner, and any rule broken.")
	case "/tables/:id/games/new", "/tables/:id/games", "/tables/:id/games/:n/edit", "/tables/:id/games/:n/rounds/:r/edit", "/tables/:id/games/:n/rounds/:r":
		return i18n.Key("Enter a game or a round as it lies on the table; Tablemate checks every rule before it saves.")
	case "/tables/:id/games/:n/replay", "/v/:rid/games/:n/replay":
		return i18n.Key("A game step by step, as it was entered, with the rules' verdict after each step.")
	case "/tables/:id/next", "/tables/:id/evening":
		return i18n.Key("An evening at one table: the next game, and the standing over every game played.")
	case "/check", "/check/:game":
		return i18n.Key("Settle a disputed score: enter what everyone has and see each player's points and the rule behind any problem. Nothing is saved.")
	case "/history":
		return i18n.Key("The tables opened on this phone, newest first.")
	case "/leagues/new", "/leagues", "/leagues/:id", "/l/:admin", "/l/:admin/plays":
		return i18n.Key("A league over many tables: its standings, ratings and the record of each member.")
	case "/leagues/:id/members/:name", "/l/:admin/members/:name":
		return i18n.Key("A member's record in a league: games played and won, streaks, rivals and placings over time.")
	}
	if strings.HasPrefix(path, "/tables/:id/play") {
		return i18n.Key("Play a game along, turn by turn: every move checked by the rules, the result counted at the end.")
	}
	return i18n.Key("Tablemate keeps the scores of a game night on one phone: every game scored by the rules, running totals, and any disputed score settled with the rule that decides it.")
}
