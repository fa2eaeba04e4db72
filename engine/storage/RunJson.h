#pragma once

#include "model/BenchParameters.h"
#include "model/RunSummary.h"

#include <QJsonObject>

namespace hostbench::storage {

/*
 * The JSON form in which storage keeps a run's parameters and summary
 * (columns parameters_json and summary_json). Every field of the model
 * types round-trips; unknown keys are ignored and missing keys keep the
 * model's defaults, so that rows written by older or newer builds still load.
 * Byte strings (method, headers, body) are stored as Base64 where they may
 * not be text. Thread: any.
 */
class RunJson final
{
public:
    static QJsonObject toJson(const model::BenchParameters &parameters);
    static QJsonObject toJson(const model::RunSummary &summary);
    static model::BenchParameters parametersFromJson(const QJsonObject &object);
    static model::RunSummary summaryFromJson(const QJsonObject &object);
};

} // namespace hostbench::storage
