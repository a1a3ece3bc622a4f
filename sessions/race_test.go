//go:build race

package sessions

// raceDetector tells whether the test binary was built with -race.
const raceDetector = true
