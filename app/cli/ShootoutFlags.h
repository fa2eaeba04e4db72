#pragma once

#include "shootout/ShootoutOptions.h"

#include <QCommandLineOption>
#include <QList>
#include <QString>

#include <optional>

class QCommandLineParser;

namespace hostbench::cli {

/*
 * The flags of `hostbench-cli shootout` when it runs one, declared once:
 * parse() turns what a QCommandLineParser holds for them into the
 * shootout::ShootoutOptions that ShootoutOptions::arguments() writes back
 * (the Shootout page's command line), so that the two cannot drift apart
 * (tst_shootoutflags checks the round trip). Errors name the flag and
 * quote what was given. Thread: the caller's.
 */
class ShootoutFlags final
{
public:
    ShootoutFlags();

    // Every flag below, for QCommandLineParser::addOptions.
    QList<QCommandLineOption> options() const;
    // The options that `parser` (which has options()) holds; nullopt with
    // the sentence for the user in *error. --data-dir is left as given.
    std::optional<shootout::ShootoutOptions> parse(const QCommandLineParser &parser, QString *error) const;

    QCommandLineOption servers;
    QCommandLineOption workloads;
    QCommandLineOption duration;
    QCommandLineOption rounds;
    QCommandLineOption concurrency;
    QCommandLineOption rate;
    QCommandLineOption noKeepAlive;
    QCommandLineOption workers;
    QCommandLineOption port;
    QCommandLineOption json;
    QCommandLineOption dataDir;
    QCommandLineOption noStore;
    QCommandLineOption progress;
    QCommandLineOption capacity;
    QCommandLineOption slo;
    QCommandLineOption stepDuration;

private:
    bool parseCapacity(const QCommandLineParser &parser, shootout::ShootoutOptions &o, QString *error) const;
    bool parseNames(const QCommandLineParser &parser, shootout::ShootoutOptions &o, QString *error) const;
    bool parseNumbers(const QCommandLineParser &parser, shootout::ShootoutOptions &o, QString *error) const;
    bool parseOutput(const QCommandLineParser &parser, shootout::ShootoutOptions &o, QString *error) const;
};

} // namespace hostbench::cli
