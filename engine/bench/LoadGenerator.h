#pragma once

#include "model/BenchParameters.h"
#include "model/BenchSample.h"
#include "model/LatencyHistogram.h"
#include "model/RunSummary.h"

#include <QList>
#include <QString>

#include <memory>

namespace hostbench::bench {

/*
 * The load generator: a closed model like ab and wrk (`concurrency`
 * connections, each sending its next request when the last answer has
 * arrived) or, with a rate, an open model like wrk2 with
 * coordinated-omission correction. It speaks HTTP/1.1 to any URL, or with
 * parameters.http2 HTTP/2 (RFC 9113; Http2Connection: h2 by ALPN for
 * https://, h2c with prior knowledge for http://) with parameters.streams
 * requests in flight per connection; it does not know the engine.
 *
 * Thread: owned by the thread that creates it. start() spawns
 * `threads` generator threads, each with its own Boost.Asio io_context and
 * connections; the owner then polls takeSamples(), progress() and
 * isFinished() (a timer, no signals per request), and reads summary()
 * after the run has finished.
 *
 * Counting, as ab: with `requests`, exactly that many attempts end,
 * completed + failed == requests (a failed attempt counts; its connection
 * is reopened for the next). With `durationMs`, requests still in flight at
 * the deadline (or at stop()) are dropped, counted nowhere. Requests begun
 * during the warm-up are not counted either. Threads are capped at the
 * concurrency. Latency (ms in the summary, µs in histogram() and samples)
 * runs from the connect start (or send start on a kept-alive connection) to
 * the last byte of the response; with a rate, from the intended send time.
 * With parameters.stages the open model's rate ramps stage by stage
 * (RateSchedule: each request's intended time follows the ramp). With
 * parameters.abortOnFail the run stops at the first interval sample after
 * which a threshold fails on the figures so far (ThresholdWatch's rule);
 * summary().abortedBy then names it (and interrupted is true).
 * A generator can run again once the previous run has finished.
 */
class LoadGenerator final
{
public:
    LoadGenerator();
    ~LoadGenerator(); // stops and joins

    LoadGenerator(const LoadGenerator &) = delete;
    LoadGenerator &operator=(const LoadGenerator &) = delete;

    // Validates the parameters, resolves the URL and starts the run. Returns
    // false with a readable reason (bad URL, https, unresolvable host,
    // concurrency < 1, neither requests nor duration, more connections than
    // the open-file hard limit allows) and starts nothing.
    bool start(const model::BenchParameters &parameters, QString *error);
    // After isFinished(): why the run ended before its end, empty if it did
    // not. Today: a socket could not be opened for lack of descriptors
    // (EMFILE/ENFILE); the run stops at once, as ab does, and its figures
    // say little. Or, with http2, the server does not speak HTTP/2 (the
    // reason said). Owner thread.
    QString error() const;
    // Asks the run to end early; the summary then has interrupted = true. Any thread.
    void stop();
    // Blocks until the generator threads have ended. Owner thread.
    void wait();
    bool isFinished() const; // any thread; true when no run is going (also before the first)

    // The open model's controls while a run goes (k6's pause, resume and
    // scale; RateSchedule says what each does to the send times). pause():
    // no request is intended from now on; requests under way finish, and a
    // request due before the pause that was not sent yet (a connection still
    // waiting for an answer) is not sent after it, so that no latency counts
    // the pause (a timed run counts it as not sent). resume(): the plan goes
    // on where its clock is (a constant rate as it was; stages on from the
    // point they have reached). setRate(): `rate` requests/s (above 0, at
    // most BenchInput::kMaxRate) from now on, in place of what was left of
    // the plan, stages included; while paused, from the resume on. A timed
    // run still ends when it was to: a pause takes its time out of it. The
    // samples show each change (BenchSample::plannedRate, pausedMs).
    // False with a reason when no run is going, for the closed model, and
    // for a bad rate; a pause of a paused run and a resume of a running one
    // change nothing and return true. Any thread, but not during start():
    // the generator threads read the changes without a lock.
    bool pause(QString *error);
    bool resume(QString *error);
    bool setRate(double rate, QString *error);
    bool isPaused() const; // any thread; false without a run
    // The rate planned now (requests/s; 0 while paused); -1 for the closed model, or without a run. Any
    // thread.
    double plannedRate() const;

    // The interval samples completed since the last call, in order. Any thread.
    QList<model::BenchSample> takeSamples();
    // 0..1: requests done / requests asked, or time elapsed / duration. Any thread.
    double progress() const;

    // After isFinished(): the whole run's figures, and its latency histogram (µs).
    // Before that, an empty summary and histogram.
    model::RunSummary summary() const;
    const model::LatencyHistogram &histogram() const;
    // Every interval sample of the run, in order (also those already taken).
    QList<model::BenchSample> allSamples() const;

private:
    enum class Control { Pause, Resume, Rate };
    bool control(Control what, double rate, QString *error); // LoadGeneratorControl.cpp

    struct Private;
    std::unique_ptr<Private> d;
};

} // namespace hostbench::bench
