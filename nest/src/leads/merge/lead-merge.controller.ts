import { Body, Controller, Param, Post, Query, Req, type Type } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Request } from 'express';

import { AuditService } from '../../audit/audit.service';
import { AdminEndpoint } from '../../auth/admin-endpoint.decorator';
import { named } from '../../common/named';
import { ObjectIdPipe } from '../../common/object-id.pipe';
import { OBJECT_ID_SCHEMA } from '../../common/validation';
import {
  type LeadKind,
  type LeadKindKey,
  LEAD_MERGE_MAX,
  type LeadMergeResponse,
  type LeadUnmergeResponse,
} from '../../contract';
import { pascalCase } from '../core/lead.dto';

import {
  LeadMergeQueryDto,
  LeadMergeRequestDto,
  LeadMergeResponseDto,
  LeadUnmergeRequestDto,
  LeadUnmergeResponseDto,
} from './lead-merge.dto';
import { LeadMerger } from './lead-merger';

const ID = { id: OBJECT_ID_SCHEMA };

/**
 * Builds the controller of one kind's merges, under `/<module>/<resource>/:id/…`: merging the
 * person's other requests into a lead, and taking a merge back. Audited here (not by @Audited): a
 * dry run changes nothing and is not recorded.
 */
export function createLeadMergeController<K extends LeadKindKey>(kind: LeadKind<K>): Type {
  @ApiTags(kind.module)
  @Controller(kind.module)
  class LeadMergeController {
    constructor(
      private readonly merger: LeadMerger,
      private readonly audit: AuditService,
    ) {}

    @Post(`${kind.resource}/:id/merge`)
    @AdminEndpoint({
      permission: 'leads.work',
      summary: 'Merge the person’s other requests into this lead (or link those of other kinds)',
      description: `Requests of this kind leave the lists: their notes, replies, timeline and messages move to this lead in time order, their own text kept as a \`merge\` entry; stage and owner stay this lead's. Requests of other kinds stay in their inbox, linked on both timelines. \`?dryRun=true\` answers what would change and changes nothing. Taken back with …/unmerge.`,
      params: ID,
      body: LeadMergeRequestDto,
      ok: LeadMergeResponseDto,
      errors: {
        400: `Malformed id; from empty, over ${LEAD_MERGE_MAX}, naming this lead or a lead twice, or an entry without a kind or a valid id; dryRun other than true or false`,
        404: 'No such lead (this one, or one named in from): nothing changed',
        409: 'A lead merged into another already: nothing changed',
      },
    })
    async merge(
      @Param('id', ObjectIdPipe) id: string,
      @Body() body: LeadMergeRequestDto,
      @Query() query: LeadMergeQueryDto,
      @Req() request: Request,
    ): Promise<LeadMergeResponse> {
      const dryRun = query.dryRun === 'true';
      const targetId = id.toLowerCase();
      const merge = await this.merger.merge(
        adminOf(request),
        kind.key,
        targetId,
        body.from,
        dryRun,
      );
      if (!dryRun && merge.id)
        await this.audit.record(request, {
          action: 'leads-merged',
          kind: kind.key,
          ids: [targetId, ...merge.merged.map((ref) => ref.id)],
          detail: {
            merge: merge.id,
            linked: merge.linked.map((ref) => `${ref.kind}:${ref.id}`).join(','),
          },
        });
      return { success: true, dryRun, merge };
    }

    @Post(`${kind.resource}/:id/unmerge`)
    @AdminEndpoint({
      permission: 'leads.work',
      summary: 'Take a merge into this lead back: the merged leads return as they were',
      params: ID,
      body: LeadUnmergeRequestDto,
      ok: LeadUnmergeResponseDto,
      errors: {
        400: 'Malformed id or mergeId',
        404: 'No such merge into this lead (taken back already, or the lead is gone)',
        409: 'The merge is still being done, or being taken back by another call',
      },
    })
    async unmerge(
      @Param('id', ObjectIdPipe) id: string,
      @Body() body: LeadUnmergeRequestDto,
      @Req() request: Request,
    ): Promise<LeadUnmergeResponse> {
      const targetId = id.toLowerCase();
      const mergeId = body.mergeId.toLowerCase();
      const answer = await this.merger.unmerge(adminOf(request), kind.key, targetId, mergeId);
      await this.audit.record(request, {
        action: 'leads-unmerged',
        kind: kind.key,
        ids: [targetId, ...answer.restored.map((ref) => ref.id)],
        detail: { merge: mergeId },
      });
      return answer;
    }
  }
  return named(LeadMergeController, `${pascalCase(kind)}MergeController`);
}

/** The signed-in admin (the app-wide guard sets it on every route here). */
function adminOf(request: Request) {
  return request.admin ? { id: request.admin.id, email: request.admin.email } : null;
}
