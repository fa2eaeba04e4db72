#pragma once

#include "BenchTarget.h"
#include "RateSchedule.h"
#include "SampleCollector.h"
#include "WorkerConnection.h"
#include "model/BenchParameters.h"
#include "tls/ClientContext.h"

#include <boost/asio/ip/tcp.hpp>

#include <QString>

#include <atomic>
#include <chrono>
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

    // The open model's schedule (RateSchedule): connection `globalIndex` of
    // totalConnections sends requests globalIndex, globalIndex + totalConnections, ...
    // Empty for the closed model. Any thread.
    bool paced() const { return !schedule.isEmpty(); }

    // Fixed before the threads start.
    const model::BenchParameters parameters;
    const BenchTarget target;
    boost::asio::ip::tcp::endpoint endpoint;
    std::shared_ptr<const tls::ClientContext> tlsContext; // https:// only
    QByteArray tlsHost; // the name sent as SNI and checked against the certificate
    int totalConnections = 1;
    RateSchedule schedule; // the open model's send times; empty for the closed model
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
    SampleCollector collector;
};

} // namespace hostbench::bench
