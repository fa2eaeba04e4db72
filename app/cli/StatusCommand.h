#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace hostbench::cli {

/*
 * `hostbench-cli status [--control ADDR:PORT]`: GET /api/status from a
 * running `serve` or GUI and prints it for people. Returns 1 with a message
 * when nothing answers there (5 s at most). Thread: the main thread.
 */
class StatusCommand final
{
public:
    static int run(const QStringList &arguments);
    // The status object as printed, one "Label: value" per line.
    static QString format(const QJsonObject &status);
};

} // namespace hostbench::cli
