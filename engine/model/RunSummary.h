#pragma once

#include "model/CapacityResult.h"

#include <QList>
#include <QMap>
#include <QPair>
#include <QString>

namespace hostbench::model {

/*
 * ab's "Connection Times" row: min, mean, standard deviation, median, max (ms).
 */
struct TimeStats
{
    double minMs = 0;
    double meanMs = 0;
    double sdMs = 0;
    double medianMs = 0;
    double maxMs = 0;
};

/*
 * The result of a load-generator run: every figure of ab's report and of
 * the JSON summary. Filled by the load generator when the run ends; stored
 * by storage; printed by the report writers. Plain value; any thread.
 */
struct RunSummary
{
    // Target, as ab prints it.
    QString serverSoftware; // the Server header of the first response
    QString serverHostname;
    quint16 serverPort = 0;
    QString documentPath; // path and query
    qint64 documentLength = 0; // body bytes of the first successful response

    // Parameters, for the report and the run list.
    int concurrency = 0;
    bool keepAlive = false;
    int threads = 1;
    double rate = 0; // requests/s asked for (with stages: their mean); 0 for the closed model
    bool http2 = false; // HTTP/2 (h2 or h2c) instead of HTTP/1.1
    int streams = 1; // HTTP/2: concurrent streams per connection

    // Totals.
    qint64 startedAtMs = 0; // wall clock, ms since the Unix epoch
    double timeTakenSec = 0; // measured part only (warm-up excluded)
    quint64 completed = 0; // whole responses, whatever their status or length (ab's "Complete requests")
    quint64 failed = 0; // sum of the failure kinds below (a Length failure is also complete, as ab)
    quint64 failedConnect = 0;
    quint64 failedRead = 0; // connection closed or reset while reading
    quint64 failedLength = 0; // body length differs from the first response's (counted in completed too)
    quint64 failedTimeout = 0;
    quint64 failedParse = 0; // malformed response
    quint64 failedWrite = 0; // the request could not be sent (reset or closed while writing)
    quint64 failedTls = 0; // https://: the TLS handshake failed (tlsFailure says why, for the first)
    quint64 unfinished
        = 0; // sent (or connecting) when the run stopped, never answered: neither complete nor failed
    quint64 notSent
        = 0; // open model: scheduled before the run stopped, never sent (the generator fell behind)
    quint64 non2xx = 0; // responses with a status outside 200-299
    quint64 keepAliveRequests = 0;
    quint64 totalBytes = 0; // bytes received, headers included
    quint64 htmlBytes = 0; // body bytes received
    double requestsPerSecond = 0;
    double transferRateKBps = 0; // totalBytes / 1024 / timeTakenSec
    bool interrupted = false; // stopped before its end
    // --abort-on-fail stopped the run (interrupted too): the threshold's text,
    // the end of the interval after which it failed (ms into the measured
    // part) and its line on the figures until then (Threshold::describe).
    QString abortedBy;
    qint64 abortedAtMs = 0;
    QString abortedFigure;

    QMap<int, quint64> statusCounts; // status code -> responses

    // The requests that succeeded: complete responses of status 200-399
    // (bench exits 2 and the Benchmark page says so when there are none).
    quint64 succeeded() const
    {
        quint64 count = 0;
        for (auto it = statusCounts.cbegin(); it != statusCounts.cend(); ++it) {
            if (it.key() >= 200 && it.key() <= 399)
                count += it.value();
        }
        return count;
    }

    // Latency (ms), from request sent (or, with a rate, intended send time) to response complete.
    double latencyMinMs = 0, latencyMeanMs = 0, latencyP50Ms = 0, latencyP90Ms = 0, latencyP99Ms = 0,
           latencyP999Ms = 0, latencyMaxMs = 0;
    // With a rate: the same measured from the actual send time (no coordinated-omission correction).
    double uncorrectedP50Ms = 0, uncorrectedP90Ms = 0, uncorrectedP99Ms = 0, uncorrectedMaxMs = 0;

    // ab's Connection Times table. With https://, connect includes the TLS
    // handshake (as ab's), which `handshake` also gives alone.
    TimeStats connect, processing, waiting, total;

    // https:// only (tlsProtocol empty otherwise): what the first handshake
    // agreed on, the handshakes of measured requests and the resumed ones
    // among them, their times (TCP connected -> handshake done, ms), and why
    // the first failed handshake failed.
    QString tlsProtocol; // "TLSv1.3"
    QString tlsCipher; // "TLS_AES_256_GCM_SHA384"
    quint64 tlsHandshakes = 0;
    quint64 tlsResumed = 0;
    TimeStats handshake;
    double handshakeP99Ms = 0;
    QString tlsFailure;
    // HTTP/2: the first stream the server reset instead of answering (its
    // RST_STREAM error code named, RFC 9113 §7); empty when none was. Those
    // requests count as Receive failures.
    QString streamReset;
    // ab's "Percentage of the requests served within a certain time": (percent, ms) for 50..100.
    QList<QPair<int, double>> percentiles;

    // bench --find-capacity: the SLOs, the step table and the capacity
    // found; the figures above are then those of the step at the capacity
    // (or of the first step, when it failed). Empty for any other run.
    CapacityResult capacity;
};

} // namespace hostbench::model
