#pragma once

#include <QCoreApplication>
#include <QString>

namespace hostbench::ui {

/*
 * What is wrong with a URL typed into the Benchmark page, in a sentence a
 * user understands and in their language, instead of QUrl's parser message
 * ("Invalid port or port number out of range; source was ...; scheme =
 * ..."): no URL, a misspelt or unsupported scheme, no host, a port that is
 * not 1-65535, blanks or stray characters. An empty string when none of
 * these applies (the load generator's own checks come after).
 * Pure function; any thread. Context "UrlProblem" in the translations.
 */
class UrlProblem final
{
    Q_DECLARE_TR_FUNCTIONS(UrlProblem)

public:
    static QString describe(const QString &url);
};

} // namespace hostbench::ui
