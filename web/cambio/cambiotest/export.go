package cambiotest

import (
	"fmt"
	"strings"
)

// Export is the export of a Cambio table of Ana, Ben and Cy with n events: its
// start and n−1 rounds. Every game is five rounds: Ana scores 11 a round,
// Ben 7 and Cy, who calls Cambio with the fewest points, 2 − 5, so Ana's
// 55 ends each game after its fifth round (ruling CAM-2) and Cy wins it.
func Export(n int) string {
	var b strings.Builder
	b.WriteString(`{"format":"tablemate-table","version":1,"name":"Long Cambio","game":"cambio","events":[` +
		`{"seq":1,"kind":"table_created","payload":{"game":"cambio","name":"Long Cambio","players":["Ana","Ben","Cy"]},"at":"2026-11-20T19:00:00Z"}`)
	hands := [][3]string{{`"5","6"`, `"3","4"`, `"2"`}, {`"4","7"`, `"7"`, `"1","1"`}, {`"11"`, `"2","5"`, `"0","2"`}}
	for i := range n - 1 {
		h := hands[i%len(hands)]
		fmt.Fprintf(&b, `,{"seq":%d,"kind":"round_recorded","payload":{"game":%d,"round":{"players":[`+
			`{"name":"Ana","cards":[%s]},{"name":"Ben","cards":[%s]},{"name":"Cy","cards":[%s],"cambio":true}]}},"at":"2026-11-20T%02d:%02d:00Z"}`,
			i+2, i/5+1, h[0], h[1], h[2], 19+i/60%5, i%60)
	}
	b.WriteString("]}")
	return b.String()
}
