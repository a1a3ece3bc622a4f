package kit

import (
	"strings"

	"tablemate/scoring"
)

// describe is what a page of route path is, for the meta description
// search engines and shared links show: one line per kind of page, a
// phrase (the layout says it in the page's language). Every page is
// built on Page, so every kind of page has one; a page of no kind below
// (an error) is described as the app.
func describe(path string) scoring.Phrase {
	switch path {
	case "/tables/new", "/tables":
		return scoring.Phrasef("Start a table: pick the game, name the players and enter each game's result as you finish it, checked by the rules.")
	case "/tables/import":
		return scoring.Phrasef("Bring a table exported from Tablemate onto this phone, checked game by game by the rules.")
	case "/tables/:id", "/v/:rid":
		return scoring.Phrasef("A table's running totals, games and history, every game scored by the rules.")
	case "/tables/:id/games/:n", "/v/:rid/games/:n":
		return scoring.Phrasef("One game's result: each player's points and how they add up, the winner, and any rule broken.")
	case "/tables/:id/games/new", "/tables/:id/games", "/tables/:id/games/:n/edit", "/tables/:id/games/:n/rounds/:r/edit", "/tables/:id/games/:n/rounds/:r":
		return scoring.Phrasef("Enter a game or a round as it lies on the table; Tablemate checks every rule before it saves.")
	case "/tables/:id/games/:n/replay", "/v/:rid/games/:n/replay":
		return scoring.Phrasef("A game step by step, as it was entered, with the rules' verdict after each step.")
	case "/tables/:id/next", "/tables/:id/evening":
		return scoring.Phrasef("An evening at one table: the next game, and the standing over every game played.")
	case "/check", "/check/:game":
		return scoring.Phrasef("Settle a disputed score: enter what everyone has and see each player's points and the rule behind any problem. Nothing is saved.")
	case "/history":
		return scoring.Phrasef("The tables opened on this phone, newest first.")
	case "/leagues/new", "/leagues", "/leagues/:id", "/l/:admin", "/l/:admin/plays":
		return scoring.Phrasef("A league over many tables: its standings, ratings and the record of each member.")
	case "/leagues/:id/members/:name", "/l/:admin/members/:name":
		return scoring.Phrasef("A member's record in a league: games played and won, streaks, rivals and placings over time.")
	}
	if strings.HasPrefix(path, "/tables/:id/play") {
		return scoring.Phrasef("Play a game along, turn by turn: every move checked by the rules, the result counted at the end.")
	}
	return scoring.Phrasef("Tablemate keeps the scores of a game night on one phone: every game scored by the rules, running totals, and any disputed score settled with the rule that decides it.")
}
