#pragma once

#include "BenchTarget.h"
#include "RateControl.h"
#include "SampleCollector.h"
#include "WorkerConnection.h"
#include "model/BenchParameters.h"
#include "tls/ClientContext.h"

#include <boost/asio/ip/tcp.hpp>

#include <QString>

#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>

namespace hostbench::bench {

/*
 * What the generator threads of one run share: read-only settings fixed
 * before the threads start, and the few cross-thread values, each touched
 * rarely (a ticket batch per ~64 requests, the first response's length and
 * Server header once per thread, the collector once per interval).
 */
struct RunShared
{
    RunShared(const model::BenchParameters &parameters, BenchTarget target, int threads)
        : parameters(parameters)
        , target(std::move(target))
        , collector(threads, parameters.sampleIntervalMs)
    { }

    // The open model (a rate or stages): connection `globalIndex` of
    // totalConnections sends requests globalIndex, globalIndex +
    // totalConnections, ... at the times of schedule(), the RateSchedule of
    // now (RateControl: it changes when the run is paused, resumed or given
    // a new rate). False for the closed model. Any thread, lock-free.
    bool paced() const { return parameters.isOpenModel(); }
    const RateSchedule &schedule() const { return rates.current(); }
    double secondsSinceStart(Clock::time_point t) const
    {
        return std::chrono::duration<double>(t - startAt).count();
    }
    // Moves `*next`, a connection's next request (its requests step by
    // totalConnections), past those intended before the last pause of
    // `schedule` began: they are not sent after it. Returns how many of them
    // a timed run counts as not sent (those of the measured part).
    quint64 skipPaused(const RateSchedule &schedule, quint64 *next) const
    {
        const quint64 first = schedule.firstAfterPause();
        if (*next >= first)
            return 0;
        const auto step = quint64(totalConnections);
        quint64 measured = *next; // the first of them intended after the warm-up
        const double warmup = secondsSinceStart(measureAt);
        const auto measuredFrom = quint64(std::max(0.0, std::ceil(schedule.requestsUpTo(warmup))));
        if (measured < measuredFrom)
            measured += (measuredFrom - measured + step - 1) / step * step;
        *next += (first - *next + step - 1) / step * step;
        return countMode || measured >= first ? 0 : (first - measured + step - 1) / step;
    }
    // Whether the last pause of `schedule` began after `intended` (HTTP/2's
    // queue of due times): a request due then and not sent yet is not sent.
    bool overtakenByPause(const RateSchedule &schedule, Clock::time_point intended) const
    {
        return secondsSinceStart(intended) < schedule.lastPauseBegin();
    }

    // Fixed before the threads start.
    const model::BenchParameters parameters;
    const BenchTarget target;
    boost::asio::ip::tcp::endpoint endpoint;
    std::shared_ptr<const tls::ClientContext> tlsContext; // https:// only
    QByteArray tlsHost; // the name sent as SNI and checked against the certificate
    int totalConnections = 1;
    RateControl rates; // the open model's send times; an empty schedule for the closed model
    Clock::time_point startAt; // connections begin (warm-up begins)
    Clock::time_point measureAt; // warm-up over: requests begun from here on count
    bool countMode = true; // stop after parameters.requests, else at measureAt + durationMs
    qint64 ticketBatch = 1;

    // Shared while running.
    std::atomic<qint64> ticketsTaken { 0 };
    std::atomic<qint64> documentLength { -1 }; // body bytes of the first response; -1 before it
    // EMFILE or ENFILE once a socket could not be opened: the run ends (ab
    // stops too), since every later connect would fail the same way.
    std::atomic<int> descriptorErrno { 0 };
    // --h2: the server does not speak HTTP/2 (no h2 by ALPN, an HTTP/1.x
    // answer to h2c's preface): the run ends, protocolFailure says why.
    std::atomic<bool> protocolRefused { false };
    std::mutex serverMutex;
    bool serverKnown = false; // under serverMutex
    QString serverSoftware; // under serverMutex
    QString tlsFailure; // under serverMutex: why the first handshake that failed did (verification, protocol)
    QString tlsProtocol; // under serverMutex: the first handshake's protocol and cipher suite
    QString tlsCipher;
    QString protocolFailure; // under serverMutex: why the server is not spoken to in HTTP/2
    QString streamReset; // under serverMutex: HTTP/2, the first RST_STREAM the server sent a request, named
    SampleCollector collector;
};

} // namespace hostbench::bench
