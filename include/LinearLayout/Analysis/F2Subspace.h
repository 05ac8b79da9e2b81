//===- F2Subspace.h - Forwarding header -------------------------*- C++ -*-===//
//
// F2Subspace is a core type (LinearLayout/Core/F2Subspace.h). This header
// only keeps the conversion library's include working; new code includes the
// core header. Remove it once lib/Conversion includes the core header.
//
//===----------------------------------------------------------------------===//

#ifndef LINEARLAYOUT_ANALYSIS_F2SUBSPACE_H
#define LINEARLAYOUT_ANALYSIS_F2SUBSPACE_H

#include "LinearLayout/Core/F2Subspace.h"

#endif // LINEARLAYOUT_ANALYSIS_F2SUBSPACE_H
