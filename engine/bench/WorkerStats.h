#pragma once

#include "model/LatencyHistogram.h"

#include <QtGlobal>

#include <array>

namespace hostbench::bench {

/*
 * Why a request failed; each kind is a RunSummary counter.
 */
enum class FailureKind {
    Connect, // the TCP connection could not be opened
    Read, // closed or reset before the response was complete
    Length, // body length differs from the first response's: complete and failed at once (as ab)
    Timeout, // no complete response within timeoutMs
    Parse, // malformed response
    Write, // the request could not be sent: reset or closed by the server (wrk's "write" errors)
    Tls, // the TLS handshake failed (certificate refused, no common protocol, closed during it)
};

/*
 * The figures one generator thread gathers over the measured part of a run.
 * Latencies are in µs, byte counts in bytes. Owned and written by one
 * generator thread only; read by the owner after that thread has finished,
 * and merged with add().
 */
struct WorkerStats
{
    static constexpr int kStatusSlots = 1000; // status codes 0..999, as Beast parses them

    quint64 completed = 0; // whole responses, whatever their status or length (ab's "Complete requests")
    quint64 keepAliveRequests = 0;
    quint64 non2xx = 0;
    quint64 totalBytes = 0;
    quint64 htmlBytes = 0;
    quint64 unfinished = 0; // measured attempts under way (connecting, sent, half-read) when the run stopped
    quint64 notSent = 0; // open model: intended send times before the stop that no request was sent for
    std::array<quint64, 7> failures {}; // indexed by FailureKind
    std::array<quint64, kStatusSlots> statusCounts {};

    // ab's Connection Times: connect start (or send start on a reused
    // connection) to response complete, and its parts.
    model::LatencyHistogram total, connect, waiting, processing;
    // What the run reports as latency: `total`, or with a rate the time from
    // the intended send (coordinated-omission corrected). Only used with a rate.
    model::LatencyHistogram corrected;
    // https://: TLS handshakes completed (of measured attempts), of them
    // resumed sessions, and each one's time (TCP connected -> handshake done).
    quint64 tlsHandshakes = 0;
    quint64 tlsResumed = 0;
    model::LatencyHistogram handshake;

    quint64 failed() const;
    // Attempts that ended, answered or not: a Length failure is also complete.
    quint64 ended() const { return completed + failed() - failures[size_t(FailureKind::Length)]; }
    void add(const WorkerStats &other);
};

} // namespace hostbench::bench
