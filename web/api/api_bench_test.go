package api

import (
	"testing"

	"tablemate/scoring"
	"tablemate/web/games"
)

// benchScores are a finished game of each engine, as the score API gets
// them (a full Koffer, Katze & Sombrero game of 17 cards each, a Cambio
// game of 3 rounds, shelters and boat shelters in the Rune Market).
var benchScores = map[string]string{
	"koffer-katze-sombrero": `{"players":[{"name":"Amelia","tokens":3,"display":{"red":"2 5 x 7 9 10","yellow":"1 3 x2 6 8","black":"4 6 x 5","blue":"4 9"}},{"name":"Victor","tokens":5,"display":{"red":"1 3 4 6 8","yellow":"4 5 7 9 10","black":"1 2 3 7 8 9 10"}}]}`,
	"auf-der-hut":           `{"players":[{"name":"Ida","characters":8,"wonderhats":2,"bald_heads":3},{"name":"Jan","characters":6,"wonderhats":1,"bald_heads":5}],"options":{"variant":"standard"}}`,
	"kociaki-lobuziaki":     `{"players":[{"name":"Ola","chips":{"1":[2,3],"7":[2]},"string_left":35},{"name":"Ben","chips":{"1":[2],"4":[2,2,3]}}],"options":{"variant":"basic"}}`,
	"cambio":                `{"players":[{"name":"Ana","rounds":[{"cards":["7","red-king","swap"],"cambio":true},{"cards":["13","13"]},{"cards":["9","peek-mine"]}]},{"name":"Ben","rounds":[{"cards":["12","11"]},{"cards":["13","blue-king"]},{"cards":["energy","4"]}]},{"name":"Cy","rounds":[{"cards":["3","2"]},{"cards":[]},{"cards":["1"],"cambio":true}]}],"options":{"cambio_tie":"reward","target":50}}`,
	"kodiak":                `{"players":[{"name":"Ana","rounds":[{"kodiak":true,"cards":["red-king"],"pounces":2},{"cards":["swap"],"hairballs_kept":1},{"cards":["1","1"]}]},{"name":"Ben","rounds":[{"cards":[]},{"kodiak":true,"cards":["2"],"pounces":1},{"cards":["0"]}]},{"name":"Cy","rounds":[{"cards":["blue-king"],"hairballs_discarded":1},{"cards":[]},{"kodiak":true,"cards":[],"pounces":3}]}],"options":{"cycles":1}}`,
	"alaska":                `{"players":[{"name":"Ana","salmon":5},{"name":"Ben","salmon":3},{"name":"Cy","salmon":5}],"options":{"angler_catch":"swim_past"}}`,
	"rune-market":           `{"players":[{"name":"Ana","shelters":[{"colour":"red","runes":3,"boat_shelter":true},{"colour":"blue","runes":1,"bandit":"Ben"}],"runes":{"red":2,"blue":0},"highest_number_card":9},{"name":"Ben","boat_shelters":[{"colour":"blue","runes":2}],"runes":{"red":4}}]}`,
}

// BenchmarkCheck reads and scores a finished game of every engine: the
// strict reader's cost (scoring.Decode) beside the rules', side by side
// with the same benchmark on an older tree.
func BenchmarkCheck(b *testing.B) {
	for _, g := range games.Engines() {
		slug := g.Info().Slug
		body := []byte(benchScores[slug])
		b.Run(slug, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				res, err := g.Check(body)
				if err != nil || !res.Valid {
					b.Fatal(err, res.Violations)
				}
			}
		})
	}
}

// BenchmarkDecodeState reads a Rune Market state alone (the deepest
// request: players, shelters, boat shelters, runes).
func BenchmarkDecodeState(b *testing.B) {
	var s struct {
		Players []struct {
			Name     string `json:"name"`
			Shelters []struct {
				Colour      string `json:"colour"`
				Runes       int    `json:"runes"`
				BoatShelter bool   `json:"boat_shelter"`
				Bandit      string `json:"bandit"`
			} `json:"shelters"`
			BoatShelters []struct {
				Colour string `json:"colour"`
				Runes  int    `json:"runes"`
			} `json:"boat_shelters"`
			Runes             map[string]int `json:"runes"`
			HighestNumberCard *int           `json:"highest_number_card"`
		} `json:"players"`
	}
	body := []byte(benchScores["rune-market"])
	b.ReportAllocs()
	for b.Loop() {
		if err := scoring.Decode(body, &s, ""); err != nil {
			b.Fatal(err)
		}
	}
}
