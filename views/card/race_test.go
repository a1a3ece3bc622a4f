//go:build race

package card

// raceDetector tells whether the test binary was built with -race.
const raceDetector = true
