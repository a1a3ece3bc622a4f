//go:build race

package webtest

// raceDetector tells whether the test binary was built with -race.
const raceDetector = true
