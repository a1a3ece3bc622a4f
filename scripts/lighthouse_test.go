package scripts

import (
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"testing"

	"tablemate/scoring/kks"
)

// TestLighthouseEntersALegalGame: the game scripts/lighthouse/run.mjs
// enters through the result form is one the rules accept (a game that
// breaks one is not saved without the table saying so, and the script
// would stop at the problems page).
func TestLighthouseEntersALegalGame(t *testing.T) {
	src, err := os.ReadFile("lighthouse/run.mjs")
	if err != nil {
		t.Fatal(err)
	}
	field := regexp.MustCompile(`"players\[(\d)\]\.(display\.(\w+)|tokens)": "([^"]*)"`)
	var players [2]kks.PlayerJSON
	found := 0
	for _, m := range field.FindAllStringSubmatch(string(src), -1) {
		i, _ := strconv.Atoi(m[1])
		p := &players[i]
		p.Name = "P" + m[1]
		if m[3] != "" {
			if p.Display == nil {
				p.Display = map[string]string{}
			}
			p.Display[m[3]] = m[4]
		} else {
			p.Tokens, _ = strconv.Atoi(m[4])
		}
		found++
	}
	if found < 4 {
		t.Fatalf("found %d form fields in run.mjs", found)
	}
	body, _ := json.Marshal(map[string]any{"players": players})
	res, err := kks.Engine{}.Check(body)
	if err != nil || !res.Valid || !res.GameOver {
		t.Errorf("run.mjs enters %s: %v %+v", body, err, res.Violations)
	}
}
