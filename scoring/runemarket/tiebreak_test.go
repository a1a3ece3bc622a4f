package runemarket

import "testing"

// The rule text's tie-break chain, step by step (ruling RUN-1, G-2). Ana
// and Ben always tie on 5 points; Cy trails.
func TestTieBreakChain(t *testing.T) {
	body := func(ana, ben, opts string) string {
		return `{"players":[{"name":"Ana"` + ana + `},{"name":"Ben"` + ben + `},{"name":"Cy","runes":{"blue":1}}]` + opts + `}`
	}
	const five = `,"runes":{"red":5}`
	runChecks(t, []checkCase{
		{name: "no tie: no question asked",
			body:    body(`,"runes":{"red":6}`, five, ""),
			winners: []string{"Ana"}},
		{name: "1: more boat shelters wins",
			body:    body(`,"runes":{"red":4},"boat_shelters":[{}]`, five, ""),
			totals:  []int{5, 5, 1},
			winners: []string{"Ana"}},
		{name: "1: boat shelters inside and stand-alone both count",
			body: body(`,"runes":{"red":1},"shelters":[{"colour":"red","runes":1,"boat_shelter":true},{"colour":"blue","runes":1,"boat_shelter":true}]`,
				`,"runes":{"red":4},"boat_shelters":[{}]`, ""),
			totals:  []int{5, 5, 1},
			winners: []string{"Ana"}},
		{name: "2: equal boat shelters, more bandits loses",
			body: body(`,"runes":{"red":3},"boat_shelters":[{"colour":"blue","runes":2}],"shelters":[{"colour":"red","runes":0,"bandit":"Cy"}]`,
				`,"runes":{"red":4},"boat_shelters":[{}]`, ""),
			totals:  []int{5, 5, 1},
			winners: []string{"Ben"}},
		{name: "3: equal boats and bandits, number card missing for one",
			body:     body(five+`,"highest_number_card":9`, five, ""),
			winners:  []string{"Ana", "Ben"},
			tieBreak: "Ana and Ben tie on 5 points with equal boat shelters and bandits: enter the highest number card in hand for Ben"},
		{name: "3: number cards missing for both",
			body:     body(five, five, ""),
			winners:  []string{"Ana", "Ben"},
			tieBreak: "enter the highest number card in hand for Ana and Ben"},
		{name: "3: an rps winner entered early does not skip the number cards",
			body:     body(five, five, `,"options":{"rps_winner":"Ana"}`),
			winners:  []string{"Ana", "Ben"},
			tieBreak: "enter the highest number card"},
		{name: "3: highest number card wins",
			body:    body(five+`,"highest_number_card":7`, five+`,"highest_number_card":11`, ""),
			winners: []string{"Ben"}},
		{name: "3: no number card (0) loses to any card",
			body:    body(five+`,"highest_number_card":0`, five+`,"highest_number_card":1`, ""),
			winners: []string{"Ben"}},
		{name: "3: the trailing player's missing card does not matter",
			body:    body(five+`,"highest_number_card":2`, five+`,"highest_number_card":3`, ""),
			winners: []string{"Ben"}},
		{name: "4: equal number cards, rock-paper-scissors not entered",
			body:     body(five+`,"highest_number_card":8`, five+`,"highest_number_card":8`, ""),
			winners:  []string{"Ana", "Ben"},
			tieBreak: "Ana and Ben tie on 5 points, boat shelters, bandits and highest number card: enter the winner of rock-paper-scissors"},
		{name: "4: rock-paper-scissors winner entered",
			body:    body(five+`,"highest_number_card":8`, five+`,"highest_number_card":8`, `,"options":{"rps_winner":"Ana"}`),
			winners: []string{"Ana"}},
		{name: "4: rock-paper-scissors winner outside the tie",
			body:  body(five+`,"highest_number_card":8`, five+`,"highest_number_card":8`, `,"options":{"rps_winner":"Cy"}`),
			codes: []string{"rps_winner"}},
		{name: "three-way tie narrowed step by step",
			body: `{"players":[
				{"name":"Ana","runes":{"red":4},"boat_shelters":[{}]},
				{"name":"Ben","runes":{"red":4},"boat_shelters":[{}],"highest_number_card":10},
				{"name":"Cy","runes":{"red":5},"highest_number_card":13}]}`,
			totals:   []int{5, 5, 5},
			winners:  []string{"Ana", "Ben"},
			tieBreak: "Ana and Ben tie on 5 points with equal boat shelters and bandits: enter the highest number card in hand for Ana"},
		{name: "invalid state: no open question",
			body:  body(five, `,"runes":{"red":5,"blue":-1}`, ""),
			codes: []string{"negative_count"}},
	})
}
