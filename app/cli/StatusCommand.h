#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace hostbench::cli {

/*
 * `hostbench-cli status [--control ADDR:PORT] [--data-dir DIR]`: GET
 * /api/status from a running `serve` or GUI, with the control token of the
 * data folder, and prints it for people. Returns 1 with a message when
 * nothing answers there (5 s at most), when the data folder has no token
 * or the instance refuses it. Thread: the main thread.
 */
class StatusCommand final
{
public:
    static int run(const QStringList &arguments);
    // The status object as printed, one "Label: value" per line.
    static QString format(const QJsonObject &status);
};

} // namespace hostbench::cli
